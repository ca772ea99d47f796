import { describe, expect, it } from 'vitest';
import { siteAddress } from './siteAddress.ts';

describe('siteAddress', () => {
  it.each([
    ['Via Roma 33, Varese', 'Varese', 'Via Roma 33, Varese'],
    ['Via Roma 33, 21100 Varese VA, Italia', 'Varese', 'Via Roma 33, 21100 Varese VA, Italia'],
    ['Via Roma 33, Busto Arsizio', 'busto arsizio', 'Via Roma 33, Busto Arsizio'],
    ['Via Roma 33', 'Varese', 'Via Roma 33, Varese'],
    ['Via Varese 5', 'Varese', 'Via Varese 5, Varese'],
    ['Via Roma 33, Arsizio', 'Busto Arsizio', 'Via Roma 33, Arsizio, Busto Arsizio'],
    [null, 'Varese', 'Varese'],
    ['Via Roma 33', null, 'Via Roma 33'],
    ['', '', null],
  ])('%s and %s give %s', (address, town, want) => {
    expect(siteAddress(address, town)).toBe(want);
  });
});
