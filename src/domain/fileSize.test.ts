import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize.ts';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Byte'],
    [512, '512 Byte'],
    [1023, '1.023 Byte'],
    [1024, '1 KB'],
    [48213, '47,1 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [1.5 * 1024 ** 3, '1,5 GB'],
    [3 * 1024 ** 4, '3.072 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
