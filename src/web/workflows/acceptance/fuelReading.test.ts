import { describe, expect, it } from 'vitest';
import { resource } from '../../../../generated/resources/accettazione-mezzo.ts';
import { fuelText } from '../../../domain/acceptance/index.ts';
import { cellText } from '../../fields/cellText.ts';

describe('a fuel reading reads one way', () => {
  const column = resource.columns.find((c) => c.accessorKey === 'carburante');

  it('in the list of check-ins as on its page and in its PDF: 3 / 4', () => {
    if (!column) throw new Error('no fuel column');
    for (const n of [0, 1, 2, 3, 4]) {
      expect(cellText(column, { carburante: n })).toBe(`${n} / 4`);
      expect(cellText(column, { carburante: n })).toBe(fuelText(n));
    }
  });

  it('is empty when there is no reading', () => {
    expect(fuelText(null)).toBe('');
    expect(fuelText(7)).toBe('');
  });
});
