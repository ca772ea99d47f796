/** The table's type (MUI's body2: 14 px, letter-spacing 0.01071em; the header in bold), for sizing its columns. */
export const FONT_FAMILY = '"Roboto", "Helvetica", "Arial", sans-serif';
const SIZE = 14;
const LETTER_SPACING = 0.15;

export type Weight = 'normal' | 'bold';
/** How wide a text is drawn in a table cell, in pixels. */
export type Measure = (text: string, weight: Weight) => number;

// Arial's advance widths (thousandths of the size) of the printable ASCII characters, regular and bold.
const ARIAL = {
  normal: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
    556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
    556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
    280, 389, 584,
  ],
};
const OTHER = 600;

/**
 * Without a canvas (tests, the server): the width in Arial (Helvetica, Liberation Sans: the same widths), the
 * font the table falls back on without Roboto, which is narrower; accented letters as their base letter.
 */
export function estimateTextWidth(text: string, weight: Weight): number {
  let units = 0;
  for (const ch of text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) {
    const code = ch.charCodeAt(0);
    units += ch === '€' ? 556 : (ARIAL[weight][code - 32] ?? OTHER);
  }
  return Math.ceil((units * SIZE) / 1000 + LETTER_SPACING * text.length);
}

let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/** Measured with the browser's own fonts: the same figure for the first frame and for the table that follows it. */
export const measureText: Measure = (text, weight) => {
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return estimateTextWidth(text, weight);
  const key = `${weight}:${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    context.font = `${weight === 'bold' ? 700 : 400} ${SIZE}px ${FONT_FAMILY}`;
    width = Math.ceil(context.measureText(text).width + LETTER_SPACING * text.length);
    widths.set(key, width);
  }
  return width;
};
