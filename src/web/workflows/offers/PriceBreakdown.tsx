import { Alert, Box, Divider, List, ListItem, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { formatEuro, formatPercent, OFFER_FIGURES } from '../../../domain/pricing/index.ts';
import type { ShownPricing } from './offerDraft.ts';
import { offerMessages as m } from './offerMessages.ts';

/**
 * The offer's figures and "Perché questo prezzo": each line of the engine's breakdown with its formula and
 * its numbers (km, minutes, band, coefficients, slot, rate), as the engine wrote them. Nothing is computed here.
 */
export function PriceBreakdown({ pricing, showProblems }: { pricing: ShownPricing; showProblems: boolean }) {
  const { cents, breakdown, errors } = pricing;
  return (
    <Box>
      <Typography variant="h6" component="h3" gutterBottom>
        {m.figuresTitle}
      </Typography>
      <Table size="small" aria-label={m.figuresTitle}>
        <TableBody>
          {OFFER_FIGURES.map((figure) => {
            const strong = figure === 'prezzoTotale' || figure === 'prezzoTotaleScontato';
            return (
              <TableRow key={figure} data-figure={figure}>
                <TableCell component="th" scope="row" sx={{ fontWeight: strong ? 700 : 400, pl: 0 }}>
                  {m.figures[figure]}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap', pr: 0 }}>
                  {cents ? formatEuro(cents[figure]) : '—'}
                </TableCell>
              </TableRow>
            );
          })}
          {pricing.effectiveDiscount && (
            <TableRow data-figure="scontoEffettivo">
              <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                {m.effectiveDiscount}
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {m.effectiveDiscountOf(
                    Math.max(0, pricing.effectiveDiscount.cents),
                    pricing.effectiveDiscount.listCents,
                  )}
                </Typography>
              </TableCell>
              <TableCell
                align="right"
                sx={{
                  whiteSpace: 'nowrap',
                  pr: 0,
                  fontWeight: 700,
                  color: pricing.approvalRequired ? 'warning.dark' : undefined,
                }}
              >
                {formatPercent(Math.max(0, pricing.effectiveDiscount.percent))}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {errors.length > 0 && (showProblems || cents) && (
        <Alert severity={cents ? 'warning' : 'error'} sx={{ mt: 2 }}>
          {!cents && m.cannotPrice}
          {/* The bullets' room is the list's padding: a margin on each item would push its text out of the box. */}
          <List dense disablePadding sx={{ pl: 2, listStyleType: 'disc' }}>
            {errors.map((e) => (
              <ListItem key={`${e.field}-${e.code}`} disableGutters sx={{ display: 'list-item' }}>
                {e.message}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {errors.length > 0 && !showProblems && !cents && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {m.breakdownEmpty}
        </Typography>
      )}
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h3" gutterBottom>
        {m.breakdownTitle}
      </Typography>
      {breakdown.length === 0 ? (
        <Typography color="text.secondary">{m.breakdownEmpty}</Typography>
      ) : (
        <List dense disablePadding aria-label={m.breakdownTitle}>
          {breakdown.map((line, i) => (
            <ListItem
              key={`${line.key}-${String(i)}`}
              disableGutters
              data-breakdown={line.key}
              sx={{ display: 'block', py: 0.5 }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {line.label}
                </Typography>
                {line.cents !== null && (
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {formatEuro(line.cents)}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {line.formula}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
