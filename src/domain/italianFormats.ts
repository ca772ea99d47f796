import { isCodiceFiscale } from './codiceFiscale.ts';
import { isPartitaIva } from './partitaIva.ts';
import { isTimeHhmm } from './timeHhmm.ts';

/**
 * The project's own JSON Schema formats, registered once here and used by every
 * validator (server ajv, RJSF forms, contract tests). Standard formats such as
 * date, date-time and email come from ajv-formats.
 */
export const italianFormats = {
  'codice-fiscale': isCodiceFiscale,
  'partita-iva': isPartitaIva,
  'time-hhmm': isTimeHhmm,
} as const satisfies Record<string, (value: string) => boolean>;

export type ItalianFormat = keyof typeof italianFormats;

/** Italian messages for a value that breaks one of our formats; "{title}" stands for the field's title. */
export const italianFormatMessages: Record<ItalianFormat, string> = {
  'codice-fiscale': 'Il formato del codice fiscale non è corretto',
  'partita-iva': 'La partita IVA non è valida',
  'time-hhmm': 'Il campo «{title}» deve essere un orario nel formato HH:MM, ad esempio 08:30',
};
