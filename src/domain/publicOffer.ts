/**
 * What the customer's public offer page and its signed PDF say alike (issue 16): the conditions the
 * customer accepts, and the messages of the confirmation, in one place for the browser and the server.
 */
export const OFFER_CONDITIONS: readonly string[] = [
  'Il noleggio decorre dalla consegna del mezzo in cantiere e termina con la sua riconsegna o con il ritiro da parte nostra; i prezzi sono IVA esclusa.',
  "Il mezzo va usato da personale formato e abilitato, secondo il manuale d'uso, nel cantiere indicato nell'offerta.",
  "Il cliente custodisce il mezzo e risponde dei danni non coperti dall'assicurazione scelta, nei limiti della franchigia prevista.",
  'Se il mezzo è restituito prima del termine, il noleggio è ricalcolato alla tariffa della fascia di durata effettiva.',
  'La fattura è emessa a fine noleggio o a fine mese per i noleggi più lunghi, con pagamento a 30 giorni data fattura.',
];

export const PUBLIC_OFFER_MESSAGES = {
  conditionsRequired: 'È necessario accettare le condizioni contrattuali',
  signatureRequired: 'Firmare nel riquadro con il dito o con il mouse',
  signerRequired: 'Scrivere nome e cognome di chi firma',
  insuranceRequired: "Scegliere l'assicurazione",
  insuranceUnknown: "L'assicurazione scelta non è tra quelle dell'offerta: sceglierne una dall'elenco",
  reasonRequired: 'Scegliere il motivo',
  reasonUnknown: "Il motivo scelto non esiste più: sceglierne uno dall'elenco",
  alreadyAccepted: "L'offerta è già stata confermata",
  alreadyDeclined: "L'offerta è già stata rifiutata",
  expired: "L'offerta è scaduta: è possibile richiederne una nuova",
  noOffer: "Non c'è ancora un'offerta da confermare",
  newVersion: (numero: string) =>
    `Nel frattempo le è stata inviata una nuova versione dell'offerta (${numero}): controlli i prezzi aggiornati e confermi di nuovo`,
  pricesChanged:
    "I prezzi dell'offerta sono cambiati dopo l'apertura della pagina: controlli i prezzi aggiornati e confermi di nuovo",
  accepted: 'Offerta confermata: riceverà a breve per email il documento firmato',
  declined: 'Abbiamo registrato la sua risposta: grazie per averci fatto sapere',
  /** SPEC.md section 8, score request. */
  requestTaken: 'La tua richiesta è stata presa in carico…',
  requestFailed: "Si è verificato un errore durante l'invio della richiesta",
} as const;

/** The largest drawn signature accepted, in bytes of PNG. */
export const MAX_SIGNATURE_BYTES = 300 * 1024;

/** The shape of an offer link's code (openapi.yaml, DocumentToken): anything else is no offer, without asking. */
export const DOCUMENT_TOKEN = /^[A-Za-z0-9_-]{22,64}$/;
