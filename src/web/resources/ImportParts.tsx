import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { ImportJob } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';

const t = messages.import;
type ImportField = NonNullable<ResourceDefinition['import']>['fields'][number];

/** The file's columns, a few of their values, and the field each one fills (or none), changeable. */
export function ImportMapping({
  job,
  fields,
  mapping,
  onChange,
}: {
  job: ImportJob;
  fields: readonly ImportField[];
  mapping: (string | null)[];
  onChange: (mapping: (string | null)[]) => void;
}) {
  return (
    <Table size="small" aria-label={t.columns}>
      <TableHead>
        <TableRow>
          <TableCell>{t.column}</TableCell>
          <TableCell>{t.examples}</TableCell>
          <TableCell sx={{ width: 320 }}>{t.field}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {job.columns.map((column, i) => (
          <TableRow key={i}>
            <TableCell sx={{ fontWeight: 500 }}>{column}</TableCell>
            <TableCell sx={{ color: 'text.secondary', maxWidth: 360 }}>
              <Typography variant="body2" noWrap title={job.sample.map((r) => r[i] ?? '').join(' · ')}>
                {job.sample
                  .map((r) => r[i] ?? '')
                  .filter((v) => v !== '')
                  .slice(0, 3)
                  .join(' · ')}
              </Typography>
            </TableCell>
            <TableCell>
              <TextField
                select
                size="small"
                fullWidth
                label={column}
                value={mapping[i] ?? ''}
                onChange={(e) =>
                  onChange(mapping.map((m, j) => (j === i ? e.target.value || null : m === e.target.value ? null : m)))
                }
              >
                <MenuItem value="">
                  <em>{t.skip}</em>
                </MenuItem>
                {fields.map((f) => (
                  <MenuItem key={f.name} value={f.name}>
                    {f.title}
                    {f.required ? ' *' : ''}
                  </MenuItem>
                ))}
              </TextField>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The refused rows of a preview or an import, each with its reasons. */
export function ImportProblems({ problems }: { problems: ImportJob['problems'] }) {
  return (
    <Table size="small" aria-label={t.problems}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 70 }}>{t.row}</TableCell>
          <TableCell>{t.reasons}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {problems.map((p) => (
          <TableRow key={p.row}>
            <TableCell>{p.row}</TableCell>
            <TableCell>
              {p.problems.map((x, i) => (
                <Typography key={i} variant="body2" color="error">
                  {x.message}
                </Typography>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
