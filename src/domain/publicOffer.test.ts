import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOCUMENT_TOKEN } from './publicOffer.ts';

describe('DOCUMENT_TOKEN', () => {
  it('is the pattern of the contract’s DocumentToken', () => {
    const contract = parse(fs.readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
      components: { schemas: { DocumentToken: { pattern: string } } };
    };
    expect(DOCUMENT_TOKEN.source).toBe(contract.components.schemas.DocumentToken.pattern);
  });

  it('takes a 128-bit base64url code and refuses a truncated or foreign one', () => {
    expect(DOCUMENT_TOKEN.test('3q2-7wVn0b8Jk1xQeQp0AQ')).toBe(true);
    expect(DOCUMENT_TOKEN.test('AB12CD')).toBe(false);
    expect(DOCUMENT_TOKEN.test('3q2-7wVn0b8Jk1xQeQp0AQ/../x')).toBe(false);
  });
});
