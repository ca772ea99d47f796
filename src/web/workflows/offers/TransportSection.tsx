import { Box, FormControlLabel, FormHelperText, Switch, Typography } from '@mui/material';
import { useRef } from 'react';
import type { BreakdownLine } from '../../../domain/pricing/index.ts';
import { NumberInput } from '../../fields/NumberInput.tsx';
import { figure, GRID, Section, type SectionProps, WithProblem } from './builderParts.tsx';
import type { OfferCatalog } from './offerDraft.ts';
import { offerMessages as m } from './offerMessages.ts';

/** One leg of the transport (outbound, return): on or off, and the percent of it charged. */
function Leg({
  draft,
  set,
  errors,
  leg,
  label,
  onSwitch,
}: SectionProps & {
  leg: 'trasporto' | 'trasportoRitorno';
  label: string;
  onSwitch(on: boolean): void;
}) {
  const on = draft[leg] > 0;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <FormControlLabel
        sx={{ minWidth: 130, mt: 1 }}
        label={label}
        control={
          <Switch checked={on} disabled={!draft.trasportoAbilitato} onChange={(e) => onSwitch(e.target.checked)} />
        }
      />
      <WithProblem id={`offer-${leg}-problem`} problem={errors[leg]}>
        <NumberInput
          label={m.legPercent(label)}
          unit="%"
          value={draft[leg]}
          disabled={!draft.trasportoAbilitato || !on}
          error={!!errors[leg]}
          describedBy={`offer-${leg}-problem`}
          onChange={(v) => set({ [leg]: figure(v) ?? 0 })}
        />
      </WithProblem>
    </Box>
  );
}

/** The transport: requested or not, to which site, how far, and each leg. */
export function TransportSection(
  props: SectionProps & { catalog: OfferCatalog; site: string; distance: BreakdownLine | undefined },
) {
  const { draft, set, errors, catalog, site, distance } = props;
  // A leg switched off and on again gets back the percent it had.
  const last = useRef({ trasporto: draft.trasporto || 100, trasportoRitorno: draft.trasportoRitorno || 100 });
  const switchLeg = (leg: 'trasporto' | 'trasportoRitorno', on: boolean) => {
    if (!on) last.current[leg] = draft[leg] || 100;
    set({ [leg]: on ? last.current[leg] : 0 });
  };
  return (
    <Section title={m.sections.transport}>
      <FormControlLabel
        label={m.transportRequested}
        control={
          <Switch checked={draft.trasportoAbilitato} onChange={(e) => set({ trasportoAbilitato: e.target.checked })} />
        }
      />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {m.site}:{' '}
        {site || (
          <Box component="span" sx={{ color: 'warning.main' }}>
            {m.siteMissing}
          </Box>
        )}
      </Typography>
      {draft.trasportoAbilitato && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {distance
            ? (draft.km === null ? m.distanceComputed : m.distanceTyped)(distance.formula)
            : catalog.distance
              ? ''
              : m.distanceNone}
        </Typography>
      )}
      <Box sx={{ ...GRID, mb: 2 }}>
        <WithProblem id="offer-km-problem" problem={errors.km}>
          <NumberInput
            label={m.km}
            unit="km"
            value={draft.km}
            disabled={!draft.trasportoAbilitato}
            error={!!errors.km}
            describedBy="offer-km-problem"
            onChange={(v) => set({ km: figure(v) })}
          />
          {!errors.km && <FormHelperText>{m.kmHelp}</FormHelperText>}
        </WithProblem>
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Leg {...props} leg="trasporto" label={m.outbound} onSwitch={(on) => switchLeg('trasporto', on)} />
        <Leg {...props} leg="trasportoRitorno" label={m.return} onSwitch={(on) => switchLeg('trasportoRitorno', on)} />
      </Box>
    </Section>
  );
}
