import { describe, expect, it } from 'vitest';
import { machineName } from './machineName.ts';

describe('machineName: one name per machine, in the builder, the PDFs, the customer page and the e-mails', () => {
  it('is the Italian description, never the CRM one', () => {
    const group = {
      description: 'Sollevatore telescopico 14 m',
      descriptionCrm: 'Telehandler 14 m, 4 t',
      code: 'TEL14',
    };
    expect(machineName(group)).toBe('Sollevatore telescopico 14 m');
  });

  it('falls back on the code when there is no description', () => {
    expect(machineName({ description: '  ', code: 'TEL14' })).toBe('TEL14');
    expect(machineName({ description: null, code: null })).toBe('');
  });
});
