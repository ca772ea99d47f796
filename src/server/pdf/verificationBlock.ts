import type { Content } from 'pdfmake/interfaces';
import { VERIFICATION } from '../../domain/verification.ts';

/**
 * The closing block of a PDF with its evidence (fingerprints, address, browser), under "Dati di verifica":
 * the last thing in the document, in small type, so the reader meets the offer or the report first.
 */
export function verificationBlock(rows: readonly (readonly [label: string, value: string])[]): Content {
  return {
    stack: [
      { text: VERIFICATION.title, bold: true, fontSize: 9, margin: [0, 0, 0, 2] },
      { text: VERIFICATION.intro, fontSize: 7, color: '#555555', margin: [0, 0, 0, 3] },
      ...rows.map(([label, value]): Content => ({
        columns: [
          { text: label, width: 150, fontSize: 7, color: '#555555' },
          { text: value || '—', fontSize: 7, color: '#555555' },
        ],
        margin: [0, 0.5, 0, 0.5],
      })),
    ],
    margin: [0, 16, 0, 0],
    unbreakable: true,
  };
}
