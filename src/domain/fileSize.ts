import { numberFormat } from './numberFormat.ts';

const UNITS = ['Byte', 'KB', 'MB', 'GB'] as const;
const decimal = numberFormat({ maximumFractionDigits: 1 });

/** SPEC.md section 4: a file's size in Byte, KB, MB or GB (1024 steps), Italian decimals. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${decimal.format(value)} ${UNITS[unit]}`;
}
