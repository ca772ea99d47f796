// Starts Redoc on /api/docs with the bundled contract (a file, not inline: the page's policy allows no inline script).
/* global Redoc, document, MutationObserver, NodeFilter */
const root = document.getElementById('redoc');

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
  root,
);

// The words Redoc writes itself and has no label option for, as it writes them, and in Italian.
const WORDS = new Map([
  ['required', 'obbligatorio'],
  ['Copy', 'Copia'],
  ['Copied', 'Copiato'],
  ['Expand all', 'Espandi tutto'],
  ['Collapse all', 'Comprimi tutto'],
  ['Request Body schema: ', 'Schema del corpo della richiesta: '],
  ['Request Body schema:', 'Schema del corpo della richiesta:'],
  ['Response Schema: ', 'Schema della risposta: '],
  ['Response Schema:', 'Schema della risposta:'],
  ['Authorizations:', 'Autorizzazioni:'],
  ['Content type', 'Tipo di contenuto'],
  ['Security Scheme Type: ', 'Tipo di schema di sicurezza: '],
  ['HTTP Authorization Scheme: ', 'Schema di autorizzazione HTTP: '],
  ['Bearer format: ', 'Formato del token: '],
  ['Flow type: ', 'Tipo di flusso: '],
  ['One of', 'Uno tra'],
  ['Any of', 'Uno o più tra'],
  ['or', 'oppure'],
  ['non-empty', 'non vuoto'],
  ['API docs by Redocly', 'Documentazione generata con Redocly'],
  ['License:', 'Licenza:'],
]);
const PLACES = { path: 'nel percorso', query: 'nella query', header: "nell'intestazione", cookie: 'nel cookie' };
const PATTERNS = [
  // Lengths and sizes: "<= 255 characters", "[ 1 .. 180 ] characters", ">= 1 items".
  [/\bcharacters\b/g, 'caratteri'],
  [/\bitems\b/g, 'elementi'],
  [/^Array \(/, 'Elenco ('],
  // The choices of a field ("integer or null", "\"Y\" (string) or \"N\" (string)").
  [/ or /g, ' oppure '],
];

/** Italian for a text Redoc wrote; samples and the contract's own texts are left as they are. */
function translate(node) {
  if (node.parentElement?.closest('pre, code, .redoc-json, .token')) return;
  const text = node.nodeValue ?? '';
  let next = WORDS.get(text) ?? WORDS.get(text.trim()) ?? text;
  for (const [pattern, to] of PATTERNS) next = next.replace(pattern, to);
  if (next !== text) node.nodeValue = next;
}

function translateWithin(element) {
  // "query Parameters" is two texts in one heading: the heading is said again as a whole.
  for (const heading of element.querySelectorAll('h5')) {
    const m = /^(path|query|header|cookie) Parameters$/.exec(heading.textContent ?? '');
    if (m) heading.textContent = `Parametri ${PLACES[m[1]]}`;
  }
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) translate(n);
  for (const input of element.querySelectorAll('input[placeholder="Search..."]')) {
    input.placeholder = 'Cerca…';
    input.setAttribute('aria-label', 'Cerca');
  }
}

// Redoc renders late and again as sections open: each change is translated as it arrives.
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.type === 'characterData') translate(change.target);
    for (const added of change.addedNodes)
      if (added.nodeType === 3) translate(added);
      else if (added.nodeType === 1) translateWithin(added);
  }
}).observe(root, { childList: true, subtree: true, characterData: true });
