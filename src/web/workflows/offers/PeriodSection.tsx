import { Box, MenuItem, TextField, Typography } from '@mui/material';
import type { TimeUnit } from '../../../../generated/entities.ts';
import { eurosToCents, formatEuro, priceListSummary } from '../../../domain/pricing/index.ts';
import { DateInput } from '../../fields/DateInput.tsx';
import { NumberInput } from '../../fields/NumberInput.tsx';
import { figure, GRID, type OfferCatalogState, Section, type SectionProps, WithProblem } from './builderParts.tsx';
import { offerMessages as m } from './offerMessages.ts';

const UNITS: TimeUnit[] = ['G', 'M', 'A'];

/** The rental's length: a unit and a duration, or the dates (in days, the dates decide); the group's price list. */
export function PeriodSection({
  draft,
  set,
  errors,
  offer,
  days,
  byDates,
}: SectionProps & { offer: OfferCatalogState; days: number | null; byDates: boolean }) {
  const { catalog } = offer;
  return (
    <Section title={m.sections.period}>
      <Box sx={{ ...GRID, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <TextField
          select
          label={m.unit}
          value={draft.durataUnita}
          onChange={(e) => set({ durataUnita: UNITS.find((u) => u === e.target.value) ?? 'G' })}
        >
          {UNITS.map((u) => (
            <MenuItem key={u} value={u}>
              {m.units[u]}
            </MenuItem>
          ))}
        </TextField>
        <WithProblem id="offer-durata-problem" problem={errors.durata}>
          <NumberInput
            label={m.duration}
            integer
            value={days ?? draft.durata}
            disabled={byDates}
            error={!!errors.durata}
            describedBy="offer-durata-problem"
            onChange={(v) => set({ durata: figure(v) })}
          />
        </WithProblem>
        <WithProblem id="offer-inizio-problem" problem={errors.inizio}>
          <DateInput
            kind="date"
            label={m.from}
            value={draft.inizio ?? ''}
            onChange={(v) => set({ inizio: v ?? null })}
          />
        </WithProblem>
        <WithProblem id="offer-al-problem" problem={errors.al ?? errors.fine}>
          <DateInput
            kind="date"
            label={m.to}
            value={draft.fine ?? ''}
            error={!!(errors.al ?? errors.fine)}
            describedBy="offer-al-problem"
            onChange={(v) => set({ fine: v ?? null })}
          />
        </WithProblem>
      </Box>
      {days !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {m.byDates(days)}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {m.priceList}:{' '}
        {!catalog.resourceGroup
          ? m.priceListEmpty
          : offer.priceLinesLoading
            ? m.priceListLoading
            : priceListSummary(catalog.priceLines.filter((l) => l.ResourceGroup === catalog.resourceGroup))
                .map((l) => `${l.period} ${formatEuro(eurosToCents(l.price))}`)
                .join(' · ') || '—'}
      </Typography>
    </Section>
  );
}
