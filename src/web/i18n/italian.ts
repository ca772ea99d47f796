/**
 * Italian agreement for phrases built around a record's title ("Nuova attività", "Eliminare la fonte?").
 * A title is singular and masculine unless its schema says otherwise (x-resource.gender, x-resource.plural).
 */
export interface Grammar {
  gender: 'masculine' | 'feminine';
  plural: boolean;
}

const VOWEL = /^[aeiouàèéìòù]/i;
/** Words taking "lo"/"gli": s + consonant, z, gn, ps, pn, x, y, and i + vowel ("lo iato"). */
const LO = /^(s[^aeiouàèéìòù]|z|gn|ps|pn|x|y|i[aeiouàèéìòù])/i;

/** The title as it reads inside a sentence: first letter lower-cased, acronyms ("CRM", "CP") kept. */
export function inSentence(title: string): string {
  const first = title.split(' ')[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return title;
  return title.charAt(0).toLowerCase() + title.slice(1);
}

/** "Nuovo agente", "Nuova attività", "Nuovi …", "Nuove …". */
export function newOne(title: string, g: Grammar): string {
  const ending = g.gender === 'feminine' ? (g.plural ? 'e' : 'a') : g.plural ? 'i' : 'o';
  return `Nuov${ending} ${inSentence(title)}`;
}

/** The definite article agreeing with the title: "il", "lo", "l'", "la", "i", "gli", "le". */
export function article(title: string, g: Grammar): string {
  const word = inSentence(title);
  if (g.gender === 'feminine') return g.plural ? 'le ' : VOWEL.test(word) ? "l'" : 'la ';
  if (g.plural) return VOWEL.test(word) || LO.test(word) ? 'gli ' : 'i ';
  if (VOWEL.test(word) || /^h/i.test(word)) return "l'";
  return LO.test(word) ? 'lo ' : 'il ';
}

/** The title with its article: "la fonte", "l'attività", "lo stato offerta". */
export function theOne(title: string, g: Grammar): string {
  return `${article(title, g)}${inSentence(title)}`;
}

/** "a Mario Rossi", "ad Amministratore di sistema": the euphonic d before the same vowel. */
export function toward(name: string): string {
  return /^a/i.test(name) ? `ad ${name}` : `a ${name}`;
}

/**
 * "Il cliente 999 non esiste, è stato eliminato o non è visibile al tuo utente.": the server answers 404 also for a
 * record the user may not see (so as not to tell what exists), and the sentence must be true in that case too.
 */
export function missingRecord(title: string, g: Grammar, id: string): string {
  const the = theOne(title, g);
  const ending = g.gender === 'feminine' ? (g.plural ? 'e' : 'a') : g.plural ? 'i' : 'o';
  const [exists, is, visible] = g.plural ? ['esistono', 'sono', 'visibili'] : ['esiste', 'è', 'visibile'];
  const sentence = `${id} non ${exists}, ${is} stat${ending} eliminat${ending} o non ${is} ${visible} al tuo utente.`;
  return `${the.charAt(0).toUpperCase()}${the.slice(1)} ${sentence}`;
}
