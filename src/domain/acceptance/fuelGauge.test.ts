import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyNotches, fuelOf, NOTCHES, notchesFor, toggleNotch, type Notches } from './fuelGauge.ts';

const on = (notches: Notches) => NOTCHES.filter((n) => notches[n]);

describe('fuel gauge (SPEC.md section 4)', () => {
  it.each([
    ['choosing notch 2 on an empty gauge turns on 0, 1, 2', emptyNotches(), 2, [0, 1, 2], 2],
    ['choosing notch 4 fills the gauge', notchesFor(1), 4, [0, 1, 2, 3, 4], 4],
    ['turning notch 2 off clears 2, 3, 4', notchesFor(4), 2, [0, 1], 1],
    ['turning the top notch off lowers the fuel by one', notchesFor(3), 3, [0, 1, 2], 2],
    ['turning notch 0 off empties the gauge', notchesFor(2), 0, [], 0],
    ['choosing notch 0 gives fuel 0', emptyNotches(), 0, [0], 0],
  ] as const)('%s', (_name, start, tap, wantOn, wantFuel) => {
    const next = toggleNotch(start, tap);
    expect(on(next)).toEqual(wantOn);
    expect(fuelOf(next)).toBe(wantFuel);
  });

  it('a new acceptance has fuel 0', () => {
    expect(fuelOf(emptyNotches())).toBe(0);
  });

  const taps = fc.array(fc.constantFrom(...NOTCHES), { maxLength: 30 });

  it('after any taps the active notches are 0…fuel, with no gap', () => {
    fc.assert(
      fc.property(taps, (sequence) => {
        const gauge = sequence.reduce(toggleNotch, emptyNotches());
        const active = on(gauge);
        expect(active).toEqual(active.map((_, i) => i));
        if (active.length) expect(fuelOf(gauge)).toBe(active.length - 1);
      }),
    );
  });

  it('notchesFor and fuelOf agree', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NOTCHES), (fuel) => {
        expect(fuelOf(notchesFor(fuel))).toBe(fuel);
      }),
    );
  });
});
