import canonicalize from 'canonicalize';

/**
 * The canonical JSON of an offer version (RFC 8785, JSON Canonicalization Scheme: keys sorted, numbers
 * and strings written one way only), so the browser and the server hash the very same bytes with SHA-256
 * (each side with its own crypto). Undefined properties are left out, as JSON does.
 */
export function offerFingerprint(offer: object): string {
  const text = canonicalize(offer);
  if (text === undefined) throw new TypeError("L'offerta non è rappresentabile in JSON");
  return text;
}

/** The number of a sent offer version: year and a six-digit sequence, `OFF-2026-000123`. */
export function documentNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Anno non valido: ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999)
    throw new RangeError(`Numero progressivo non valido: ${sequence}`);
  return `OFF-${year}-${String(sequence).padStart(6, '0')}`;
}
