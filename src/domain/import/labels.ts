/**
 * A label as people mean it, whatever its case, accents and punctuation: "Città" and "CITTA'", "Partita IVA"
 * and "partita_iva", "vatNumber" and "VAT number" read the same.
 */
export function normalizeLabel(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
