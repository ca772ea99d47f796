/** Italian VAT number: 11 digits, the last one a Luhn-like check digit. */
export function isPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const digits = [...value].map(Number);
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = digits[i] ?? 0;
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10 === digits[10];
}

/** The check digit that completes the first 10 digits of a partita IVA. */
export function partitaIvaCheckDigit(first10: string): string {
  for (let d = 0; d <= 9; d++) if (isPartitaIva(first10 + String(d))) return String(d);
  throw new Error(`Prefisso di partita IVA non valido: ${first10}`);
}
