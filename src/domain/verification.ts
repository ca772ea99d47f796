/**
 * Technical evidence (fingerprints of a document, the address and browser a signature came from) is kept for
 * whoever must prove what was signed, not for the reader: screens show it in a collapsed section, PDFs in a
 * closing block, both under this title and in these words (ARCHITECTURE.md, "Values are shown one way").
 */
export const VERIFICATION = {
  title: 'Dati di verifica',
  intro:
    "Servono a dimostrare che il documento non è stato modificato: l'impronta digitale (SHA-256) cambia se cambia anche un solo carattere.",
  versionFingerprint: 'Impronta della versione',
  acceptedVersionFingerprint: 'Impronta della versione accettata',
  signedPdfFingerprint: 'Impronta del PDF firmato',
  recordFingerprint: 'Impronta della registrazione',
  signatureFingerprint: 'Impronta della firma',
  photoFingerprint: (n: number) => `Impronta della foto ${n}`,
  address: 'Indirizzo di rete',
  browser: 'Browser',
} as const;
