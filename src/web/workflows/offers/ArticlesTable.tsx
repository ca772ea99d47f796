import { Checkbox, FormHelperText, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatEuro, priceArticles } from '../../../domain/pricing/index.ts';
import { NumberInput } from '../../fields/NumberInput.tsx';
import { articlesOf, type DraftArticle } from './offerDraft.ts';
import { offerMessages as m } from './offerMessages.ts';

const LIST = 'articoli';

/** A typed figure: a number, or null when the field was emptied or is not a number yet. */
const figure = (v: number | string | undefined) => (typeof v === 'number' ? v : null);

/**
 * The equipment of the chosen group: include it or not, its price (at least 1 €) and its own discount, percent
 * and amount. Each line's amount is the engine's.
 */
export function ArticlesTable({
  articles,
  errors,
  onChange,
}: {
  articles: DraftArticle[];
  errors: Record<string, string>;
  onChange(articles: DraftArticle[]): void;
}) {
  if (articles.length === 0) return <Typography color="text.secondary">{m.noArticles}</Typography>;
  const amounts = new Map(priceArticles({ [LIST]: articlesOf(articles) }).lines.map((l) => [l.field, l.cents]));
  const set = (i: number, patch: Partial<DraftArticle>) =>
    onChange(articles.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <Table size="small" aria-label={m.sections.articles}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">{m.selected}</TableCell>
          <TableCell>{m.article}</TableCell>
          <TableCell sx={{ width: 140 }}>{m.price}</TableCell>
          <TableCell sx={{ width: 120 }}>{m.discountPercent}</TableCell>
          <TableCell sx={{ width: 130 }}>{m.discountAmount}</TableCell>
          <TableCell align="right" sx={{ width: 120 }}>
            {m.lineTotal}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {articles.map((a, i) => {
          const field = `${LIST}.${String(i)}`;
          const problem =
            errors[`${field}.price`] ?? errors[`${field}.discountPercentage`] ?? errors[`${field}.discountAmount`];
          const amount = amounts.get(field);
          const described = problem ? `${field}-problem` : undefined;
          return (
            <TableRow key={`${String(a.id ?? '')}-${a.description}`} data-article={a.description}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={a.selezionato === true}
                  onChange={(e) => set(i, { selezionato: e.target.checked })}
                  slotProps={{ input: { 'aria-label': `${m.selected}: ${a.description}` } }}
                />
              </TableCell>
              <TableCell>
                {a.description}
                {problem && (
                  <FormHelperText error id={described}>
                    {problem}
                  </FormHelperText>
                )}
              </TableCell>
              <TableCell>
                <NumberInput
                  size="small"
                  labelHidden
                  label={m.price}
                  unit="€"
                  value={a.price}
                  error={!!errors[`${field}.price`]}
                  {...(described ? { describedBy: described } : {})}
                  onChange={(v) => set(i, { price: figure(v) })}
                />
              </TableCell>
              <TableCell>
                <NumberInput
                  size="small"
                  labelHidden
                  label={m.discountPercent}
                  unit="%"
                  value={a.discountPercentage ?? null}
                  error={!!errors[`${field}.discountPercentage`]}
                  onChange={(v) => set(i, { discountPercentage: figure(v) })}
                />
              </TableCell>
              <TableCell>
                <NumberInput
                  size="small"
                  labelHidden
                  label={m.discountAmount}
                  unit="€"
                  value={a.discountAmount ?? null}
                  error={!!errors[`${field}.discountAmount`]}
                  onChange={(v) => set(i, { discountAmount: figure(v) })}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amount === undefined ? '—' : formatEuro(amount)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
