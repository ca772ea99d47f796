import canonicalize from 'canonicalize';
import type { Violation } from '../http/httpError.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import type { Row } from './crudRepository.ts';
import type { Column, EntityModel } from './entityModel.ts';

/** "Il campo «Accettata dal cliente» non si modifica con questo salvataggio: lo scrive solo «…»" */
export function writtenByMessage(column: Pick<Column, 'title' | 'writtenBy'>): string {
  const who = (column.writtenBy ?? []).map((w) => `«${w.summary || w.operationId}»`).join(' o ');
  return `Il campo «${column.title}» non si modifica con questo salvataggio: lo scrive solo ${who}`;
}

const empty = (v: unknown) => v === undefined || v === null;

/** The same value, whatever way it travelled: numbers as numbers, times as instants, JSON by its content. */
function same(column: Column, sent: unknown, stored: unknown): boolean {
  if (empty(sent) || empty(stored)) return empty(sent) && empty(stored);
  if (column.sqlType === 'jsonb') return canonicalize(sent) === canonicalize(stored);
  if (column.sqlType === 'timestamptz') return Date.parse(String(sent)) === Date.parse(String(stored));
  if (typeof sent === 'number' || typeof stored === 'number') return Number(sent) === Number(stored);
  return sent === stored;
}

/**
 * The fields of a request body that only named operations change (x-written-by), checked against the record
 * as stored (`current`, its default standing in for an empty field) or, for a new record, against the field's
 * default (absent when it has none). A value
 * sent back as it is (a form returning the record it read) is dropped, so it never overwrites what its
 * operation wrote meanwhile; another value is a 400 naming each such field. The workflow that owns a field
 * writes it as an internal value of the repository, never through a body.
 */
export function withoutWrittenBy(model: EntityModel, body: Row, current: Row | null): Row {
  const out: Row = { ...body };
  const violations: Violation[] = [];
  for (const column of model.columns) {
    if (!column.writtenBy || !(column.name in body)) continue;
    const stored = current?.[column.name];
    const sent = body[column.name];
    // A form fills an empty field with its default: that is still the record as read.
    const asRead = same(column, sent, stored) || (empty(stored) && same(column, sent, column.default));
    if (!asRead) violations.push({ field: column.name, message: writtenByMessage(column) });
    delete out[column.name];
  }
  if (violations.length > 0) throw new HttpError(400, MESSAGES.invalid, violations);
  return out;
}

/** Whether a body carries a field only named operations change. */
export const carriesWrittenBy = (model: EntityModel, body: Row) =>
  model.columns.some((c) => c.writtenBy && c.name in body);
