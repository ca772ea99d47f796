import type { TipoControllo } from '../../../generated/entities.ts';
import { SiNoOptions } from '../../../generated/enums.ts';
import { NO, YES } from '../yesNo.ts';

/** How a check is answered: yes/no, one (or more) of its listed values, a number, or free text. */
export type CheckKind = 'siNo' | 'lista' | 'numero' | 'testo';

/** What a check's widget gives back before it is turned into the text that is stored. */
export type CheckInput = string | number | boolean | readonly string[] | null | undefined;

/** `tipo` is free text in the control-type table; these are the spellings understood (case and punctuation ignored). */
const KIND_BY_TIPO: Record<string, CheckKind> = {
  select: 'lista',
  lista: 'lista',
  list: 'lista',
  elenco: 'lista',
  sino: 'siNo',
  yesno: 'siNo',
  boolean: 'siNo',
  booleano: 'siNo',
  checkbox: 'siNo',
  number: 'numero',
  numero: 'numero',
  numeric: 'numero',
  numerico: 'numero',
  text: 'testo',
  testo: 'testo',
};

/** The kind of a control type: from its `tipo`; an unknown `tipo` with values is a list, without is text. */
export function checkKind(type: Pick<TipoControllo, 'tipo' | 'valori'>): CheckKind {
  const key = type.tipo
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return KIND_BY_TIPO[key] ?? (possibleValues(type).length ? 'lista' : 'testo');
}

/** The comma-separated `valori` of a control type, trimmed, empty ones dropped. */
export function possibleValues(type: Pick<TipoControllo, 'valori'>): string[] {
  return (type.valori ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The answers a check offers: its values; a yes/no check without values answers Sì / No. */
export function checkOptions(type: Pick<TipoControllo, 'tipo' | 'valori'>): string[] {
  const values = possibleValues(type);
  if (checkKind(type) === 'siNo' && values.length === 0) return SiNoOptions.map((o) => o.label);
  return values;
}

/** A check the operator has not answered: it is not sent. */
export const isEmptyCheck = (input: CheckInput): boolean =>
  input === null ||
  input === undefined ||
  (typeof input === 'string' && input.trim() === '') ||
  (Array.isArray(input) && input.length === 0);

/**
 * The text stored for a check (`valore`), or null when it has no value (not sent), or the Italian error.
 * Several values of a list check are stored comma separated, like the type's own values.
 */
export function checkValueText(
  type: Pick<TipoControllo, 'nome' | 'tipo' | 'valori'>,
  input: CheckInput,
): { value: string } | { error: string } | null {
  if (isEmptyCheck(input)) return null;
  const kind = checkKind(type);
  const options = checkOptions(type);
  const among = (text: string) => options.find((o) => o.toLowerCase() === text.trim().toLowerCase());
  const notAmong = (text: string) => ({
    error: `Il valore «${text}» non è tra i valori possibili di «${type.nome}»: ${options.join(', ')}`,
  });
  switch (kind) {
    case 'siNo': {
      if (typeof input === 'boolean') return { value: (input ? options[0] : options[1]) ?? (input ? YES : NO) };
      const text = String(input);
      const found = among(text);
      return found ? { value: found } : notAmong(text);
    }
    case 'lista': {
      const texts = Array.isArray(input) ? input : [String(input)];
      const found: string[] = [];
      for (const text of texts) {
        const match = among(text);
        if (!match) return notAmong(text);
        found.push(match);
      }
      return { value: found.join(',') };
    }
    case 'numero': {
      const text = String(input).trim().replace(',', '.');
      const value = Number(text);
      if (typeof input === 'boolean' || text === '' || !Number.isFinite(value))
        return { error: `«${type.nome}» deve essere un numero` };
      return { value: String(value) };
    }
    case 'testo':
      return { value: Array.isArray(input) ? input.join(',') : String(input).trim() };
  }
}
