/** One refused field of a request: its path and the Italian message naming it. */
export interface Violation {
  field: string;
  message: string;
}

/** An error with its HTTP status and Italian message; the one Error shape of the API. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly violations?: Violation[];
  /** Seconds to wait before trying again (429): sent as Retry-After. */
  readonly retryAfter?: number;
  constructor(statusCode: number, message: string, violations?: Violation[], retryAfter?: number) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.violations = violations;
    this.retryAfter = retryAfter;
  }
}

export const MESSAGES = {
  invalid: 'Verificare la validità dei campi',
  invalidJson: 'Il corpo della richiesta non è un JSON valido',
  notFound: 'Risorsa non trovata',
  /** Who a history row names when a super admin worked as another user: "Mario Rossi (impersonato da Anna Bianchi)". */
  historyImpersonatedBy: 'impersonato da',
  /** Who a history row names for the customer's answer on the public offer page. */
  historyCustomer: "Cliente (pagina dell'offerta)",
  historyNoHistory: 'Questa risorsa non ha storico',
  routeNotFound: 'Pagina non trovata',
  forbidden: 'Non Autorizzato',
  tokenMissing: 'Autenticazione richiesta',
  tokenExpired: 'Token scaduto',
  tokenInvalid: 'Token non valido',
  badCredentials: 'Credenziali invalide',
  inactive: "Utente non attivo. Contattare l'amministratore di sistema",
  tooManyLogins: 'Troppi tentativi di accesso falliti. Riprovare tra qualche minuto',
  loginBusy: 'Troppi accessi in corso. Riprovare tra qualche secondo',
  tooManyRequests: 'Troppe richieste. Riprovare tra qualche secondo',
  sessionEnded: 'Sessione terminata: accedere di nuovo',
  listTooLarge: 'Troppe righe da mostrare senza paginazione (più di {ceiling}): restringere i filtri',
  exportBusy: "Un'esportazione è già in corso. Riprovare tra qualche secondo",
  nul: 'Il testo contiene caratteri non ammessi',
  badMultipart: 'Il contenuto inviato non è un modulo multipart valido',
  generic: 'Errore Generico',
  notImplemented: 'Funzione non ancora disponibile',
  tooLarge: 'Il file è troppo grande',
  conflict: 'Il record è stato modificato da un altro utente: ricaricare i dati',
  inUse: 'Impossibile eliminare: il record è usato altrove',
  duplicate: 'Esiste già un record con questi dati',
  duplicateValue: 'Valore già presente in un altro record',
} as const;
