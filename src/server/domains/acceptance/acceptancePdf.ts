import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { displayFormats as f } from '../../../domain/displayFormats.ts';
import { VERIFICATION } from '../../../domain/verification.ts';
import type { TipoControllo } from '../../../../generated/entities.ts';
import type { AppContext } from '../../context.ts';
import type { Row } from '../../crud/crudRepository.ts';
import { fuelText, type EarlierMark } from '../../../domain/acceptance/index.ts';
import { acceptanceKey } from './acceptanceFiles.ts';
import { damageSection } from './acceptanceDamagePdf.ts';
import { sha256 } from './acceptanceUpload.ts';
import { PDF_FONTS, renderPdf } from '../../pdf/pdf.ts';
import { verificationBlock } from '../../pdf/verificationBlock.ts';

async function image(ctx: AppContext, name: unknown): Promise<{ dataUrl: string; sha256: string } | null> {
  const key = acceptanceKey(name);
  const buffer = key ? await ctx.storage.get(key) : null;
  if (!key || !buffer) return null;
  const mime = key.endsWith('.png') ? 'image/png' : 'image/jpeg';
  return { dataUrl: `data:${mime};base64,${buffer.toString('base64')}`, sha256: sha256(buffer) };
}

/**
 * The report of one acceptance (issue 17, point 5): data, checks, photos, signature and addenda, closed by
 * the "Dati di verifica": the SHA-256 of the record and of each photo as stored now (a photo changed on disk
 * shows a different one).
 */
export async function acceptancePdf(
  ctx: AppContext,
  row: Row,
  types: readonly Pick<TipoControllo, 'id' | 'nome'>[],
  earlier: readonly EarlierMark[] = [],
): Promise<Buffer> {
  const names = new Map(types.map((t) => [t.id, t.nome]));
  const controlli = (row.controlli as { controlloId: number; valore: string }[] | null) ?? [];
  const photos = await Promise.all(((row.foto as string[] | null) ?? []).map((name) => image(ctx, name)));
  const firma = await image(ctx, row.firma);
  const field = (label: string, value: string): Content => ({
    columns: [{ text: label, width: 150, bold: true }, { text: value || '—' }],
    margin: [0, 1, 0, 1],
  });
  const addenda = (row.addenda as { testo: string; autore: string; creato: string }[] | null) ?? [];
  const doc: TDocumentDefinitions = {
    info: { title: `Accettazione mezzo n. ${Number(row.id)}` },
    defaultStyle: { font: PDF_FONTS.standard, fontSize: 10 },
    pageMargins: [40, 40, 40, 40],
    content: [
      { text: `Accettazione mezzo n. ${Number(row.id)}`, fontSize: 16, bold: true, margin: [0, 0, 0, 10] },
      field('Data accettazione', f.date(row.dataAccettazione)),
      field('Operatore', String(row.operatoreNome ?? row.operatore)),
      field('Matricole', String(row.matricole ?? '')),
      field('Km', f.km(row.km)),
      field('Ore', f.hours(row.ore)),
      field('Carburante', fuelText(row.carburante)),
      field('Danni', f.yesNo(!!row.danni)),
      ...(row.motivoLetturaInferiore ? [field('Motivo lettura inferiore', String(row.motivoLetturaInferiore))] : []),
      field('Note per il cliente', String(row.noteCliente ?? '')),
      field('Note interne', String(row.noteInterne ?? '')),
      field('Registrata il', f.dateTime(row.created)),
      { text: 'Controlli', bold: true, fontSize: 12, margin: [0, 10, 0, 4] },
      controlli.length
        ? {
            table: {
              widths: ['*', '*'],
              body: [
                [
                  { text: 'Controllo', bold: true },
                  { text: 'Valore', bold: true },
                ],
                ...controlli.map((c) => [names.get(c.controlloId) ?? `Controllo ${c.controlloId}`, c.valore]),
              ],
            },
          }
        : { text: 'Nessun controllo registrato' },
      { text: 'Foto', bold: true, fontSize: 12, margin: [0, 10, 0, 4] },
      ...(photos.length
        ? photos.map((p, i): Content =>
            p
              ? {
                  stack: [
                    { image: p.dataUrl, fit: [250, 190] },
                    { text: `Foto ${i + 1}`, fontSize: 8, margin: [0, 2, 0, 8] },
                  ],
                  unbreakable: true,
                }
              : { text: `Foto ${i + 1}: file non trovato`, color: 'red' },
          )
        : [{ text: 'Nessuna foto' }]),
      ...damageSection(row, earlier),
      // The heading goes with its signature: never one at the foot of a page and the other on the next.
      {
        stack: [
          { text: 'Firma del cliente', bold: true, fontSize: 12, margin: [0, 10, 0, 4] },
          firma ? { image: firma.dataUrl, fit: [220, 90] } : { text: 'Non firmata' },
        ],
        unbreakable: true,
      },
      ...(addenda.length
        ? [
            { text: 'Integrazioni', bold: true, fontSize: 12, margin: [0, 10, 0, 4] } as Content,
            ...addenda.map((a): Content => ({
              text: [{ text: `${a.autore}, ${f.dateTime(a.creato)}: `, bold: true }, a.testo],
              margin: [0, 2, 0, 2],
            })),
          ]
        : []),
      verificationBlock([
        [VERIFICATION.recordFingerprint, String(row.sha256 ?? '')],
        ...(firma ? [[VERIFICATION.signatureFingerprint, firma.sha256] as const] : []),
        ...photos.flatMap((p, i) => (p ? [[VERIFICATION.photoFingerprint(i + 1), p.sha256] as const] : [])),
      ]),
    ],
  };
  return renderPdf(doc);
}
