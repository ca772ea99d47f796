/**
 * An it-IT number format made on first use: building one costs a few ms, which a list's first frame pays only
 * for the formats its columns use.
 */
export function numberFormat(options: Intl.NumberFormatOptions) {
  let made: Intl.NumberFormat | undefined;
  return { format: (v: number) => (made ??= new Intl.NumberFormat('it-IT', options)).format(v) };
}
