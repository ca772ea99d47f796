import type { Content } from 'pdfmake/interfaces';
import {
  isOutline,
  marksToShow,
  outlineSvg,
  VIEWS,
  type DannoSegnato,
  type EarlierMark,
} from '../../../domain/acceptance/index.ts';
import { displayFormats as f } from '../../../domain/displayFormats.ts';
import {
  GravitaDannoOptions,
  SagomaMezzoOptions,
  TipoDannoOptions,
  VistaSagomaOptions,
} from '../../../../generated/enums.ts';
import type { Row } from '../../crud/crudRepository.ts';

const label = (options: readonly { value: unknown; label: string }[], value: unknown) =>
  options.find((o) => o.value === value)?.label ?? String(value ?? '');
const head = (cells: string[]) => cells.map((text) => ({ text, bold: true }));

/**
 * The damage section of the acceptance report (issue 32): every view of the machine's outline with this check-in's
 * marks in red and the earlier ones of the same serial number in black (grey once repaired), then a table of each.
 * It comes before the customer's signature, which covers it.
 */
export function damageSection(row: Row, earlier: readonly EarlierMark[]): Content[] {
  const marks = (row.danniSegnati as DannoSegnato[] | null) ?? [];
  if (!marks.length && !earlier.length) return [];
  const repairs = new Map(
    ((row.riparazioni as { indice: number; data: string }[] | null) ?? []).map((r) => [r.indice, r.data]),
  );
  const shown = marksToShow(earlier, marks);
  const sagoma = isOutline(row.sagoma) ? row.sagoma : null;
  const drawings: Content[] = sagoma
    ? VIEWS.filter((v) => shown.some((m) => m.vista === v)).map((vista): Content => ({
        stack: [
          { text: label(VistaSagomaOptions, vista), fontSize: 8, bold: true, margin: [0, 0, 0, 2] },
          { svg: outlineSvg(sagoma, vista, shown), width: vista === 'fronte' || vista === 'retro' ? 110 : 220 },
        ],
        unbreakable: true,
        margin: [0, 0, 0, 8],
      }))
    : [];
  const photos = (m: DannoSegnato) => m.foto.map((n) => `Foto ${n + 1}`).join(', ');
  return [
    { text: 'Danni segnati sulla sagoma', bold: true, fontSize: 12, margin: [0, 10, 0, 4] },
    ...(sagoma
      ? [
          {
            text: `Sagoma: ${label(SagomaMezzoOptions, sagoma)}${row.modello ? ` · ${String(row.modello)}` : ''}`,
            margin: [0, 0, 0, 4],
          } as Content,
        ]
      : []),
    {
      text: 'In rosso i danni di questa accettazione, in nero quelli già presenti, in grigio quelli riparati.',
      fontSize: 8,
      margin: [0, 0, 0, 6],
    },
    {
      columns: [{ stack: drawings.filter((_, i) => i % 2 === 0) }, { stack: drawings.filter((_, i) => i % 2 === 1) }],
      columnGap: 10,
    },
    { text: 'Danni rilevati in questa accettazione', bold: true, margin: [0, 6, 0, 4] },
    marks.length
      ? {
          table: {
            headerRows: 1,
            widths: [22, 70, 80, 40, '*', 60],
            body: [
              head(['N.', 'Vista', 'Tipo', 'Gravità', 'Descrizione', 'Foto']),
              ...marks.map((m, i) => [
                String(i + 1),
                label(VistaSagomaOptions, m.vista),
                label(TipoDannoOptions, m.tipo),
                label(GravitaDannoOptions, m.gravita),
                [m.note ?? '', ...(repairs.has(i) ? [`Riparato il ${f.date(repairs.get(i))}`] : [])]
                  .filter(Boolean)
                  .join(' · '),
                photos(m),
              ]),
            ],
          },
        }
      : { text: 'Nessun nuovo danno' },
    ...(earlier.length
      ? [
          { text: 'Danni già presenti (accettazioni precedenti)', bold: true, margin: [0, 8, 0, 4] } as Content,
          {
            table: {
              headerRows: 1,
              widths: [22, 70, 70, 80, 40, '*'],
              body: [
                head(['Rif.', 'Accettazione', 'Vista', 'Tipo', 'Gravità', 'Stato']),
                ...earlier.map((m, i) => [
                  `P${i + 1}`,
                  `n. ${m.accettazioneId} del ${f.date(m.dataAccettazione)}`,
                  label(VistaSagomaOptions, m.vista),
                  label(TipoDannoOptions, m.tipo),
                  label(GravitaDannoOptions, m.gravita),
                  m.riparatoIl ? `Riparato il ${f.date(m.riparatoIl)}` : 'Da riparare',
                ]),
              ],
            },
          } as Content,
        ]
      : []),
  ];
}
