import type { ErrorObject } from 'ajv';
import localizeModule from 'ajv-i18n';
import { italianFormatMessages, type ItalianFormat } from '../../domain/italianFormats.ts';

const localize = (localizeModule as unknown as { default?: typeof localizeModule }).default ?? localizeModule;

export interface Violation {
  field: string;
  message: string;
}

function fieldOf(e: ErrorObject): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const params = e.params as { missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string };
  const child = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  return [path, child].filter(Boolean).join('.') || '(richiesta)';
}

/** ajv errors as Italian field violations, one per field, most useful first. */
export function italianViolations(errors: ErrorObject[], prefix = ''): Violation[] {
  const copy = errors.map((e) => ({ ...e }));
  localize.it(copy);
  const out: Violation[] = [];
  copy.forEach((e, i) => {
    const original = errors[i];
    let message = e.message ?? 'valore non valido';
    if (original?.keyword === 'format') {
      const format = (original.params as { format: string }).format;
      message = italianFormatMessages[format as ItalianFormat] ?? `formato non valido (${format})`;
    } else if (original?.keyword === 'additionalProperties' || original?.keyword === 'unevaluatedProperties') {
      message = 'campo non previsto';
    } else if (original?.keyword === 'required') {
      message = 'campo obbligatorio';
    }
    // oneOf/anyOf repeat what their branches already said.
    if (original?.keyword === 'oneOf' || original?.keyword === 'anyOf' || original?.keyword === 'if') return;
    const field = `${prefix}${fieldOf(original ?? e)}`;
    if (!out.some((v) => v.field === field)) out.push({ field, message });
  });
  return out;
}
