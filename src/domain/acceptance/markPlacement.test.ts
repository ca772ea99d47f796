import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShownMark } from './damageMarks.ts';
import { MARK_RADIUS, placeMarks, RING_RADIUS, type Box, type PlacedMark } from './markPlacement.ts';

const VIEW = { width: 400, height: 200 };
const at = (label: string, x: number, y: number, state: ShownMark['state'] = 'earlier'): ShownMark => ({
  key: label,
  label,
  vista: 'sinistra',
  x,
  y,
  state,
});
const meets = (p: PlacedMark, b: Box) => {
  const nx = Math.min(Math.max(p.cx, b.x), b.x + b.width);
  const ny = Math.min(Math.max(p.cy, b.y), b.y + b.height);
  return Math.hypot(p.cx - nx, p.cy - ny) < p.r;
};
const inside = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.width <= VIEW.width && b.y + b.height <= VIEW.height;

describe('placeMarks: every mark and its number stay visible', () => {
  it('draws a mark on its own as a disc with its number inside', () => {
    const [only] = placeMarks(VIEW, [at('P1', 0.5, 0.5)]);
    expect(only).toMatchObject({ shape: 'disc', cx: 200, cy: 100, r: MARK_RADIUS, labelX: 200, labelY: 104.5 });
    expect(only?.badge).toBeUndefined();
  });

  it('draws an earlier mark under a new one as a ring around it, its number on a badge clear of the new disc', () => {
    const [earlier, added] = placeMarks(VIEW, [at('P1', 0.5, 0.5), at('1', 0.5, 0.5, 'new')]);
    expect(added).toMatchObject({ shape: 'disc', r: MARK_RADIUS, labelX: 200, labelY: 104.5 });
    expect(earlier).toMatchObject({ shape: 'ring', cx: 200, cy: 100, r: RING_RADIUS });
    const badge = earlier?.badge;
    if (!badge || !added) throw new Error('no badge');
    expect(meets(added, badge)).toBe(false);
    expect(meets({ ...added, r: RING_RADIUS }, badge)).toBe(false);
    expect(inside(badge)).toBe(true);
    // The number is on its badge.
    expect(earlier?.labelX).toBeGreaterThan(badge.x);
    expect(earlier?.labelX).toBeLessThan(badge.x + badge.width);
  });

  it('rings a mark only touched by the mark drawn after it, never the one drawn last', () => {
    const shapes = placeMarks(VIEW, [at('P1', 0.1, 0.5), at('P2', 0.16, 0.5, 'repaired'), at('1', 0.9, 0.5, 'new')]);
    expect(shapes.map((p) => p.shape)).toEqual(['ring', 'disc', 'disc']);
  });

  it('keeps the badge inside the view at its edges', () => {
    for (const [x, y] of [
      [0.98, 0.05],
      [0.02, 0.05],
      [0.98, 0.95],
      [0.02, 0.95],
    ] as const) {
      const [ring] = placeMarks(VIEW, [at('P12', x, y), at('3', x, y, 'new')]);
      expect(ring?.badge && inside(ring.badge)).toBe(true);
    }
  });

  it('gives the badges of marks stacked on one point places of their own', () => {
    const placed = placeMarks(VIEW, [at('P1', 0.5, 0.5), at('P2', 0.5, 0.5), at('1', 0.5, 0.5, 'new')]);
    const [a, b] = placed.map((p) => p.badge);
    if (!a || !b) throw new Error('no badges');
    expect(a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height).toBe(false);
  });

  it('never leaves a badge outside the view, wherever the marks are', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ x: fc.double({ min: 0, max: 1, noNaN: true }), y: fc.double({ min: 0, max: 1, noNaN: true }) }),
          {
            maxLength: 12,
          },
        ),
        (points) =>
          placeMarks(
            VIEW,
            points.map((p, i) => at(`P${i + 1}`, p.x, p.y)),
          ).every((p) => !p.badge || inside(p.badge)),
      ),
    );
  });
});
