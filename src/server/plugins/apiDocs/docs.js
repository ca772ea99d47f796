// Starts Redoc on /api/docs with the bundled contract (a file, not inline: the page's policy allows no inline script).
/* global Redoc, document */
Redoc.init(
  '/api/openapi.json',
  {
    expandResponses: '200,201',
    jsonSampleExpandLevel: 3,
    hideHostname: false,
    pathInMiddlePanel: true,
    sortTagsAlphabetically: false,
    // Redoc's own words, in Italian (the contract's texts already are).
    labels: {
      enum: 'Valori',
      enumSingleValue: 'Valore',
      enumArray: 'Elementi',
      default: 'Predefinito',
      deprecated: 'Deprecato',
      example: 'Esempio',
      examples: 'Esempi',
      recursive: 'Ricorsivo',
      arrayOf: 'Elenco di ',
      webhook: 'Evento',
      const: 'Valore',
      noResultsFound: 'Nessun risultato',
      download: 'Scarica',
      downloadSpecification: 'Scarica il contratto OpenAPI',
      responses: 'Risposte',
      callbackResponses: 'Risposte dei callback',
      requestSamples: 'Esempi di richiesta',
      responseSamples: 'Esempi di risposta',
    },
    theme: { colors: { primary: { main: '#1565c0' } }, typography: { fontFamily: 'Roboto, Arial, sans-serif' } },
  },
  document.getElementById('redoc'),
);
