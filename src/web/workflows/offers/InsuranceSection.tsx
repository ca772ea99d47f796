import { FormControlLabel, FormHelperText, Radio, RadioGroup, Typography } from '@mui/material';
import { formatPercent } from '../../../domain/pricing/index.ts';
import { Section, type SectionProps } from './builderParts.tsx';
import type { OfferCatalog } from './offerDraft.ts';
import { offerMessages as m } from './offerMessages.ts';

/** The insurance (or none) and the environmental contribution, each option with its percentage. */
export function InsuranceSection({ draft, set, errors, catalog }: SectionProps & { catalog: OfferCatalog }) {
  return (
    <Section title={m.sections.insurance}>
      <RadioGroup
        aria-label={m.sections.insurance}
        row
        value={draft.assicurazioneTipo}
        onChange={(e) => set({ assicurazioneTipo: e.target.value })}
      >
        {catalog.insurances.map((i) => (
          <FormControlLabel
            key={i.code}
            value={i.code}
            control={<Radio />}
            label={`${i.name} (${formatPercent(i.percentage)})${i.defaultInsurance ? `, ${m.defaultInsurance}` : ''}`}
          />
        ))}
        <FormControlLabel value="" control={<Radio />} label={m.noInsurance} />
      </RadioGroup>
      {errors.assicurazioneTipo && <FormHelperText error>{errors.assicurazioneTipo}</FormHelperText>}
      <RadioGroup
        aria-label={m.environmental}
        row
        value={draft.contributoAmbientale ?? ''}
        onChange={(e) =>
          set({
            contributoAmbientale:
              e.target.value === 'base' || e.target.value === 'all-inclusive' ? e.target.value : null,
          })
        }
      >
        <Typography component="span" sx={{ alignSelf: 'center', mr: 2 }}>
          {m.environmental}:
        </Typography>
        <FormControlLabel value="" control={<Radio />} label={m.environmentalOptions.none} />
        {(['base', 'all-inclusive'] as const).map((option) => {
          const percent = catalog.environmental[option];
          return (
            <FormControlLabel
              key={option}
              value={option}
              disabled={percent === undefined}
              control={<Radio />}
              label={`${m.environmentalOptions[option]} (${percent === undefined ? m.environmentalNotConfigured : formatPercent(percent)})`}
            />
          );
        })}
      </RadioGroup>
    </Section>
  );
}
