import path from 'node:path';

/**
 * The text of every page of a PDF, extracted by pdf.js (what a reader's copy-paste gives), each run of
 * white space (no-break spaces included) made one space, so `formatEuro(...)` can be looked for in it.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    // The PDF standard fonts (Helvetica) are read from pdf.js's own copies, not looked for on the system.
    standardFontDataUrl: `${path.resolve('node_modules/pdfjs-dist/standard_fonts')}/`,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}
