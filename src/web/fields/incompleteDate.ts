/**
 * What a date typed only in part travels as: not a date, so the schema's format check names the field, and
 * the picker keeps what was typed.
 */
export const INCOMPLETE_DATE = 'incompleta';
