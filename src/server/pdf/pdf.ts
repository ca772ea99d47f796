import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * pdfmake set up once for every document of the app. Its fonts and policies are global to the library, so
 * they live here, not in each document's module:
 * - `Helvetica`, the PDF's own standard fonts: nothing read from disk, WinAnsi only (the signed offer, the
 *   acceptance report);
 * - `Roboto`, embedded (subset): it has €, ×, − and the en dash the offer's breakdown prints. Read once from
 *   pdfmake's own copy into its virtual file system, so no document can make pdfmake read a file of its
 *   choosing from disk.
 * Nothing is ever fetched, and nothing but the standard fonts' names is read through the local policy.
 */
export const PDF_FONTS = { standard: 'Helvetica', embedded: 'Roboto' } as const;

const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const STANDARD_FONTS = new Set(Object.values(HELVETICA));

const ROBOTO_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

// pdfmake's server build has a virtual file system its types do not describe.
const pdfmakeServer = pdfmake as unknown as { virtualfs: { writeFileSync(name: string, content: Buffer): void } };

let ready = false;
function setUp() {
  if (ready) return;
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts/Roboto');
  for (const file of Object.values(ROBOTO_FILES))
    pdfmakeServer.virtualfs.writeFileSync(`app-${file}`, fs.readFileSync(path.join(dir, file)));
  pdfmake.addFonts({
    [PDF_FONTS.standard]: HELVETICA,
    [PDF_FONTS.embedded]: Object.fromEntries(Object.entries(ROBOTO_FILES).map(([k, f]) => [k, `app-${f}`])),
  });
  pdfmake.setUrlAccessPolicy(() => false);
  // pdfkit knows the standard fonts by name; nothing else may be read from disk through a document.
  pdfmake.setLocalAccessPolicy((name) => STANDARD_FONTS.has(name));
  ready = true;
}

/** The PDF of a document definition. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  setUp();
  return Buffer.from(await pdfmake.createPdf(doc).getBuffer());
}
