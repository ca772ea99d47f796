import { Alert, Box, FormHelperText, Typography } from '@mui/material';
import { formatPercent, type EffectiveDiscount } from '../../../domain/pricing/index.ts';
import { NumberInput } from '../../fields/NumberInput.tsx';
import { figure, GRID, Section, type SectionProps, WithProblem } from './builderParts.tsx';
import { offerMessages as m } from './offerMessages.ts';

/** The offer's discount, in percent or in euros, the discount it makes in effect, and the salesperson's limit. */
export function DiscountSection(
  props: SectionProps & { effective: EffectiveDiscount | null | undefined; approval: boolean; maxDiscount: number },
) {
  const { draft, set, errors, effective, approval, maxDiscount } = props;
  const discountProblem = errors.sconto ?? errors.scontoPercentuale;
  return (
    <Section title={m.sections.discount}>
      <Box sx={GRID}>
        <WithProblem id="offer-sconto-problem" problem={discountProblem}>
          <NumberInput
            label={m.offerDiscountPercent}
            unit="%"
            value={draft.scontoPercentuale}
            error={!!discountProblem}
            describedBy="offer-sconto-problem"
            onChange={(v) => set({ scontoPercentuale: figure(v) })}
          />
        </WithProblem>
        <WithProblem id="offer-scontoImporto-problem" problem={errors.scontoImporto}>
          <NumberInput
            label={m.offerDiscountAmount}
            unit="€"
            value={draft.scontoImporto}
            error={!!errors.scontoImporto}
            describedBy="offer-scontoImporto-problem"
            onChange={(v) => set({ scontoImporto: figure(v) })}
          />
        </WithProblem>
      </Box>
      {effective && (
        <Typography sx={{ mt: 1.5 }} data-effective-discount>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {m.effectiveDiscount}: {formatPercent(Math.max(0, effective.percent))}
          </Box>{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            ({m.effectiveDiscountOf(Math.max(0, effective.cents), effective.listCents)})
          </Box>
        </Typography>
      )}
      {approval ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {m.supervisorApproves(maxDiscount)}
        </Alert>
      ) : (
        <FormHelperText>{m.discountLimit(maxDiscount)}</FormHelperText>
      )}
    </Section>
  );
}
