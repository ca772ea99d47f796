import type { SagomaMezzo, VistaSagoma } from '../../../generated/entities.ts';
import type { ShownMark } from './damageMarks.ts';
import { placeMarks, type PlacedMark } from './markPlacement.ts';

/** One view of a machine's outline: plain line art in its own box; the right side is the left one mirrored. */
export interface OutlineView {
  width: number;
  height: number;
  /** SVG path data, stroked, never filled. */
  paths: readonly string[];
  /** Wheels and rollers: [cx, cy, r]. */
  circles: readonly (readonly [number, number, number])[];
  mirror?: boolean;
}

/** The views in the order the wizard and the PDF draw them. */
export const VIEWS: readonly VistaSagoma[] = ['sinistra', 'destra', 'alto', 'fronte', 'retro'];

type Drawing = Record<'sinistra' | 'alto' | 'fronte' | 'retro', Omit<OutlineView, 'mirror'>>;

const van: Drawing = {
  sinistra: {
    width: 400,
    height: 200,
    paths: [
      'M30 160 L30 45 Q30 38 38 38 L252 38 Q262 38 270 46 L322 92 L368 102 Q378 105 378 116 L378 160 Z',
      'M262 50 L312 94 L262 94 Z',
      'M252 38 L252 160',
      'M130 40 L130 158',
      'M210 40 L210 158',
      'M230 100 L244 100',
      'M366 118 L378 118',
      'M30 150 L20 150 L20 158 L30 158',
    ],
    circles: [
      [90, 160, 24],
      [90, 160, 10],
      [318, 160, 24],
      [318, 160, 10],
    ],
  },
  alto: {
    width: 400,
    height: 200,
    paths: [
      'M30 48 Q30 40 38 40 L330 40 Q372 44 376 70 L376 130 Q372 156 330 160 L38 160 Q30 160 30 152 Z',
      'M300 44 Q316 100 300 156',
      'M338 48 Q350 100 338 152',
      'M250 40 L250 160',
      'M318 40 L322 28 L334 30 L332 42',
      'M318 160 L322 172 L334 170 L332 158',
      'M60 60 L220 60 L220 140 L60 140 Z',
    ],
    circles: [],
  },
  fronte: {
    width: 200,
    height: 200,
    paths: [
      'M40 170 L40 70 Q44 30 70 26 L130 26 Q156 30 160 70 L160 170 Z',
      'M52 80 Q56 40 74 36 L126 36 Q144 40 148 80 Z',
      'M72 120 L128 120 L128 142 L72 142 Z',
      'M40 150 L160 150',
      'M28 70 L40 72 L40 90 L28 88 Z',
      'M172 70 L160 72 L160 90 L172 88 Z',
      'M44 170 L44 186 L66 186 L66 170',
      'M134 170 L134 186 L156 186 L156 170',
    ],
    circles: [
      [56, 128, 8],
      [144, 128, 8],
    ],
  },
  retro: {
    width: 200,
    height: 200,
    paths: [
      'M40 170 L40 40 Q40 28 52 28 L148 28 Q160 28 160 40 L160 170 Z',
      'M100 32 L100 160',
      'M54 44 L92 44 L92 86 L54 86 Z',
      'M108 44 L146 44 L146 86 L108 86 Z',
      'M44 120 L54 120 L54 146 L44 146 Z',
      'M146 120 L156 120 L156 146 L146 146 Z',
      'M36 160 L164 160 L164 172 L36 172 Z',
      'M44 172 L44 186 L66 186 L66 172',
      'M134 172 L134 186 L156 186 L156 172',
    ],
    circles: [],
  },
};

const platform: Drawing = {
  sinistra: {
    width: 400,
    height: 200,
    paths: [
      'M40 140 L360 140 L360 166 L40 166 Z',
      'M140 112 L256 112 L256 140 L140 140 Z',
      'M100 116 L140 116 L140 140 L100 140 Z',
      'M196 112 L212 100 L338 42 L346 56 L222 116 Z',
      'M320 16 L384 16 L384 48 L320 48 Z',
      'M320 28 L384 28',
      'M334 48 L340 56',
    ],
    circles: [
      [92, 170, 20],
      [92, 170, 8],
      [308, 170, 20],
      [308, 170, 8],
      [206, 108, 8],
    ],
  },
  alto: {
    width: 400,
    height: 200,
    paths: [
      'M60 56 L340 56 L340 144 L60 144 Z',
      'M70 38 L120 38 L120 56 L70 56 Z',
      'M280 38 L330 38 L330 56 L280 56 Z',
      'M70 144 L120 144 L120 162 L70 162 Z',
      'M280 144 L330 144 L330 162 L280 162 Z',
      'M200 90 L364 90 L364 110 L200 110 Z',
      'M356 74 L392 74 L392 126 L356 126 Z',
      'M124 76 L150 76 L150 124 L124 124 Z',
    ],
    circles: [[200, 100, 40]],
  },
  fronte: {
    width: 200,
    height: 200,
    paths: [
      'M40 132 L160 132 L160 160 L40 160 Z',
      'M24 140 L44 140 L44 184 L24 184 Z',
      'M156 140 L176 140 L176 184 L156 184 Z',
      'M64 96 L136 96 L136 132 L64 132 Z',
      'M90 56 L110 56 L110 96 L90 96 Z',
      'M50 20 L150 20 L150 56 L50 56 Z',
      'M50 34 L150 34',
    ],
    circles: [],
  },
  retro: {
    width: 200,
    height: 200,
    paths: [
      'M40 132 L160 132 L160 160 L40 160 Z',
      'M24 140 L44 140 L44 184 L24 184 Z',
      'M156 140 L176 140 L176 184 L156 184 Z',
      'M56 92 L144 92 L144 132 L56 132 Z',
      'M70 102 L130 102 L130 124 L70 124 Z',
      'M92 56 L108 56 L108 92 L92 92 Z',
      'M56 30 L144 30 L144 56 L56 56 Z',
    ],
    circles: [[100, 113, 4]],
  },
};

const earthMover: Drawing = {
  sinistra: {
    width: 400,
    height: 200,
    paths: [
      'M60 144 L240 144 Q262 144 262 164 Q262 184 240 184 L60 184 Q38 184 38 164 Q38 144 60 144 Z',
      'M56 96 L226 96 L226 140 L56 140 Z',
      'M140 40 L200 40 L210 96 L140 96 Z',
      'M150 50 L194 50 L200 90 L150 90 Z',
      'M226 112 L300 40 L314 50 L246 122 Z',
      'M300 40 L356 100 L344 108 L296 56',
      'M344 104 Q376 110 372 140 L340 140 Q332 122 344 104 Z',
      'M262 154 L284 150 L290 184 L262 184',
    ],
    circles: [
      [70, 164, 12],
      [112, 164, 8],
      [150, 164, 8],
      [188, 164, 8],
      [230, 164, 12],
    ],
  },
  alto: {
    width: 400,
    height: 200,
    paths: [
      'M60 26 L300 26 L300 58 L60 58 Z',
      'M60 142 L300 142 L300 174 L60 174 Z',
      'M80 62 Q70 100 80 138 L250 138 L250 62 Z',
      'M170 96 L232 96 L232 136 L170 136 Z',
      'M250 90 L366 90 L366 110 L250 110 Z',
      'M360 76 L394 76 L394 124 L360 124 Z',
      'M300 30 L318 30 L318 170 L300 170',
    ],
    circles: [],
  },
  fronte: {
    width: 200,
    height: 200,
    paths: [
      'M20 128 L60 128 L60 182 L20 182 Z',
      'M140 128 L180 128 L180 182 L140 182 Z',
      'M50 92 L150 92 L150 128 L50 128 Z',
      'M92 30 L150 30 L150 92 L92 92 Z',
      'M100 38 L142 38 L142 84 L100 84 Z',
      'M42 40 L68 40 L70 120 L44 120 Z',
      'M10 172 L190 172 L190 192 L10 192 Z',
    ],
    circles: [],
  },
  retro: {
    width: 200,
    height: 200,
    paths: [
      'M20 128 L60 128 L60 182 L20 182 Z',
      'M140 128 L180 128 L180 182 L140 182 Z',
      'M40 86 L160 86 L160 128 L40 128 Z',
      'M40 86 Q100 70 160 86',
      'M60 28 L118 28 L118 86 L60 86 Z',
      'M66 36 L112 36 L112 80 L66 80 Z',
      'M60 106 L80 106 M120 106 L140 106',
    ],
    circles: [],
  },
};

const DRAWINGS: Record<SagomaMezzo, Drawing> = { furgone: van, piattaforma: platform, movimento_terra: earthMover };

/** One view of a family's outline (the right side is the left one mirrored). */
export function outlineView(sagoma: SagomaMezzo, vista: VistaSagoma): OutlineView {
  const d = DRAWINGS[sagoma];
  return vista === 'destra' ? { ...d.sinistra, mirror: true } : d[vista];
}

/** How each state of a mark is drawn: new in red, earlier in black, repaired in grey. */
export const MARK_COLOURS: Record<ShownMark['state'], string> = {
  new: '#d32f2f',
  earlier: '#000000',
  repaired: '#9e9e9e',
};

const num = (v: number) => String(Math.round(v * 10) / 10);
const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The drawing's lines, as SVG elements (the same in the browser's `innerHTML`-free React version and the PDF). */
export function outlineShapes(view: OutlineView): string {
  const lines = [
    ...view.paths.map((d) => `<path d="${d}"/>`),
    ...view.circles.map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`),
  ].join('');
  const flip = view.mirror ? ` transform="translate(${view.width} 0) scale(-1 1)"` : '';
  return `<g fill="none" stroke="#37474f" stroke-width="2" stroke-linejoin="round"${flip}>${lines}</g>`;
}

/** One mark on a view, placed by `placeMarks`: a disc with its number, or a ring with its number on a badge beside. */
export function markShape({ mark, cx, cy, shape, r, labelX, labelY, badge }: PlacedMark): string {
  const colour = MARK_COLOURS[mark.state];
  const dash = mark.state === 'repaired' ? ' stroke-dasharray="3 2"' : '';
  const circle =
    shape === 'disc'
      ? `<circle cx="${num(cx)}" cy="${num(cy)}" r="${r}" fill="${colour}" fill-opacity="0.85" stroke="${colour}"${dash}/>`
      : `<circle cx="${num(cx)}" cy="${num(cy)}" r="${r}" fill="none" stroke="${colour}" stroke-width="3"${dash}/>`;
  const plate = badge
    ? `<rect x="${num(badge.x)}" y="${num(badge.y)}" width="${num(badge.width)}" height="${num(badge.height)}" rx="3" fill="${colour}"/>`
    : '';
  return (
    circle +
    plate +
    `<text x="${num(labelX)}" y="${num(labelY)}" font-family="Helvetica" font-size="12" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(mark.label)}</text>`
  );
}

/** A whole view with its marks as one SVG document (the PDF draws it; pdfmake reads SVG). */
export function outlineSvg(sagoma: SagomaMezzo, vista: VistaSagoma, marks: readonly ShownMark[]): string {
  const view = outlineView(sagoma, vista);
  const own = placeMarks(
    view,
    marks.filter((m) => m.vista === vista),
  ).map(markShape);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}" viewBox="0 0 ${view.width} ${view.height}">` +
    `${outlineShapes(view)}${own.join('')}</svg>`
  );
}
