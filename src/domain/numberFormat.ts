/**
 * An it-IT number format made on first use: building one costs a few ms, which a list's first frame pays only
 * for the formats its columns use. Thousands are always grouped: Intl's Italian leaves four-digit figures
 * ungrouped ("1850,00 €" beside "29.000,00 €"), which reads as two ways of writing money on one screen.
 */
export function numberFormat(options: Intl.NumberFormatOptions) {
  let made: Intl.NumberFormat | undefined;
  return {
    format: (v: number) => (made ??= new Intl.NumberFormat('it-IT', { useGrouping: 'always', ...options })).format(v),
  };
}
