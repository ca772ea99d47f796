import { describe, expect, it } from 'vitest';
import { haversineKm, straightLineEstimate, typedKmEstimate } from './distance.ts';

const milano = { latitude: 45.4642, longitude: 9.19 };
const roma = { latitude: 41.9028, longitude: 12.4964 };
const sestoSanGiovanni = { latitude: 45.5368, longitude: 9.2341 };

describe('distance', () => {
  it('measures the great circle', () => {
    expect(haversineKm(milano, roma)).toBeCloseTo(477, 0);
    expect(haversineKm(milano, milano)).toBe(0);
    expect(haversineKm(milano, roma)).toBeCloseTo(haversineKm(roma, milano), 9);
  });

  it('estimates road km with the road factor and minutes at the average speed', () => {
    const estimate = straightLineEstimate(milano, sestoSanGiovanni);
    expect(estimate.source).toBe('straight-line');
    expect(estimate.km).toBeCloseTo(haversineKm(milano, sestoSanGiovanni) * 1.3, 9);
    expect(estimate.minutes).toBeCloseTo((estimate.km / 50) * 60, 9);
  });

  it('derives the minutes from typed km', () => {
    expect(typedKmEstimate(100)).toEqual({ km: 100, minutes: 120, source: 'typed' });
  });
});
