import { createRequire } from 'node:module';
import path from 'node:path';

// Drawing a page (to count its images) needs the standard fonts' data, shipped with pdf.js.
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** One page of a PDF as pdf.js reads it: its text (white space made one space) and how many images it paints. */
export interface PdfPage {
  text: string;
  images: number;
}

/**
 * Each page of a PDF, read by pdf.js: its text (what a reader's copy-paste gives) and the images drawn on it,
 * so a test can say that a block (a heading and its signature) is on one page.
 */
export async function pdfPages(pdf: Uint8Array): Promise<PdfPage[]> {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const ops = await page.getOperatorList();
    pages.push({
      text: content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
      images: ops.fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length,
    });
  }
  await doc.destroy();
  return pages;
}

/**
 * The text of every page of a PDF, extracted by pdf.js (what a reader's copy-paste gives), each run of
 * white space (no-break spaces included) made one space, so `formatEuro(...)` can be looked for in it.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPages(pdf))
    .map((p) => p.text)
    .join('\n')
    .replace(/\s+/g, ' ');
}
