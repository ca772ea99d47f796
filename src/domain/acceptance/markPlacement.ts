import type { ShownMark } from './damageMarks.ts';

/** A mark's radius, in the units of a view 400 wide (a finger's width on a tablet). */
export const MARK_RADIUS = 15;
/** The ring around a covered mark: clear of the disc drawn over it, so both stay visible. */
export const RING_RADIUS = MARK_RADIUS + 6;
const LABEL_HEIGHT = 16;
const CHAR_WIDTH = 7.5;
const LABEL_PADDING = 3;
const GAP = 2;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How one mark is drawn on its view, in the view's units. A disc carries its label inside; a mark covered by one drawn
 * after it (a new mark over an earlier one, a repaired one over another) becomes a ring around that mark, with its
 * label beside it on a badge of its colour, where it covers no other mark nor label.
 */
export interface PlacedMark {
  mark: ShownMark;
  cx: number;
  cy: number;
  shape: 'disc' | 'ring';
  r: number;
  /** Where the label's text is anchored (middle, baseline). */
  labelX: number;
  labelY: number;
  /** The label's badge, for a ring's label only. */
  badge?: Box;
}

const diagonal = Math.SQRT1_2;
/** Where a ring's label may go, first choice first: above right, above left, below right, below left, sides, above, below. */
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [diagonal, -diagonal],
  [-diagonal, -diagonal],
  [diagonal, diagonal],
  [-diagonal, diagonal],
  [1, 0],
  [-1, 0],
  [0, -1],
  [0, 1],
];

const circleMeetsBox = (cx: number, cy: number, r: number, b: Box) => {
  const nx = Math.min(Math.max(cx, b.x), b.x + b.width);
  const ny = Math.min(Math.max(cy, b.y), b.y + b.height);
  return (cx - nx) ** 2 + (cy - ny) ** 2 < r * r;
};
const boxesMeet = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The badge beside a ring, its corner (or the middle of its side) just outside the ring in direction [dx, dy]. */
function badgeAt(cx: number, cy: number, [dx, dy]: readonly [number, number], width: number): Box {
  const px = cx + dx * (RING_RADIUS + GAP);
  const py = cy + dy * (RING_RADIUS + GAP);
  const along = (d: number, size: number) => (d > 0.1 ? 0 : d < -0.1 ? -size : -size / 2);
  return { x: px + along(dx, width), y: py + along(dy, LABEL_HEIGHT), width, height: LABEL_HEIGHT };
}

/**
 * The marks of one view placed for drawing, in drawing order (the order given: earlier marks first, then this
 * check-in's). The same placement on the screen and in the PDF.
 */
export function placeMarks(view: { width: number; height: number }, marks: readonly ShownMark[]): PlacedMark[] {
  const centres = marks.map((m) => ({ x: m.x * view.width, y: m.y * view.height }));
  const covered = (i: number) =>
    centres.some((c, j) => {
      const own = centres[i];
      return j > i && !!own && Math.hypot(c.x - own.x, c.y - own.y) < 2 * MARK_RADIUS;
    });
  const shapes = marks.map((_, i) => (covered(i) ? ('ring' as const) : ('disc' as const)));
  const badges: Box[] = [];
  return marks.map((mark, i): PlacedMark => {
    const { x: cx, y: cy } = centres[i] ?? { x: 0, y: 0 };
    if (shapes[i] === 'disc') return { mark, cx, cy, shape: 'disc', r: MARK_RADIUS, labelX: cx, labelY: cy + 4.5 };
    const width = mark.label.length * CHAR_WIDTH + 2 * LABEL_PADDING;
    const candidates = DIRECTIONS.map((d) => badgeAt(cx, cy, d, width));
    const inside = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.width <= view.width && b.y + b.height <= view.height;
    const free = (b: Box) =>
      centres.every(
        (c, j) => j === i || !circleMeetsBox(c.x, c.y, shapes[j] === 'ring' ? RING_RADIUS : MARK_RADIUS, b),
      ) && badges.every((other) => !boxesMeet(other, b));
    const badge =
      candidates.find((b) => inside(b) && free(b)) ??
      candidates.find(inside) ??
      badgeAt(cx, cy, [diagonal, -diagonal], width);
    badges.push(badge);
    return {
      mark,
      cx,
      cy,
      shape: 'ring',
      r: RING_RADIUS,
      labelX: badge.x + badge.width / 2,
      labelY: badge.y + LABEL_HEIGHT / 2 + 4.5,
      badge,
    };
  });
}
