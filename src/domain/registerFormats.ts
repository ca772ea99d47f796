import { italianFormats } from './italianFormats.ts';

interface FormatHost {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

/** Adds our Italian formats to an ajv instance (server, forms, tests). */
export function registerFormats<T extends FormatHost>(ajv: T): T {
  for (const [name, validate] of Object.entries(italianFormats)) ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}
