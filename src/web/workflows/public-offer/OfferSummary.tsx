import { Box, Divider, Typography } from '@mui/material';
import { formatDate } from '../../../domain/dates.ts';
import { eurosToCents, formatEuro } from '../../../domain/pricing/index.ts';
import { OFFER_CONDITIONS } from '../../../domain/publicOffer.ts';
import type { PublicOffer, PublicOfferOption } from './publicOfferApi.ts';
import { publicOfferMessages as m } from './publicOfferMessages.ts';
import { Fact, Section } from './PublicOfferShell.tsx';

export const euro = (euros: number) => formatEuro(eurosToCents(euros));
const TOTAL_LINES = new Set(['totale', 'totaleScontato']);

/** "Perché questo prezzo": one line per item of the engine's breakdown, the totals in bold. */
function Breakdown({ option }: { option: PublicOfferOption }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {option.breakdown.map((line, i) => {
        const total = TOTAL_LINES.has(line.key);
        return (
          <Box
            component="li"
            key={`${line.key}-${i}`}
            sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: 'divider', fontWeight: total ? 700 : 400 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>{line.label}</span>
              {line.cents !== null && <span style={{ whiteSpace: 'nowrap' }}>{formatEuro(line.cents)}</span>}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {line.formula}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** The offer itself: the rental, why this price (for the insurance chosen), the conditions. */
export function OfferSummary({
  version,
  option,
}: {
  version: NonNullable<PublicOffer['offerta']>;
  option: PublicOfferOption;
}) {
  return (
    <>
      <Section title={m.rental}>
        <Box component="dl" sx={{ m: 0 }}>
          <Fact
            label={m.period}
            value={[
              version.durata,
              version.dal ? m.from(formatDate(version.dal)) : '',
              version.al ? m.to(formatDate(version.al)) : '',
            ]
              .filter(Boolean)
              .join(' ')}
          />
          {version.cantiere && <Fact label={m.site} value={version.cantiere} />}
          {version.gruppoRisorse && <Fact label={m.group} value={version.gruppoRisorse} />}
          <Fact label={m.validUntil} value={m.validUntilText(formatDate(version.validaFinoAl))} />
        </Box>
      </Section>

      <Section title={m.why}>
        <Breakdown option={option} />
        <Divider sx={{ my: 1 }} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: 700, fontSize: '1.15rem' }}>
          <span>{m.totalNoVat}</span>
          <span data-testid="totale">{euro(option.figures.prezzoTotaleScontato)}</span>
        </Box>
      </Section>

      <Section title={m.conditions}>
        <Box component="ol" sx={{ pl: 2.5, m: 0 }}>
          {OFFER_CONDITIONS.map((c) => (
            <Typography component="li" variant="body2" key={c} sx={{ mb: 0.75 }}>
              {c}
            </Typography>
          ))}
        </Box>
      </Section>
    </>
  );
}
