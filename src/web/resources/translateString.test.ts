import { TranslatableString } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { translateString } from './translateString.ts';

describe('RJSF labels in Italian', () => {
  it('translates the array buttons and fills parameters', () => {
    expect(translateString(TranslatableString.AddItemButton)).toBe('Aggiungi elemento');
    expect(translateString(TranslatableString.RemoveButton)).toBe('Rimuovi');
    expect(translateString(TranslatableString.OptionPrefix, ['2'])).toBe('Opzione 2');
  });
  it('keeps RJSF text for what has no translation yet', () => {
    expect(translateString(TranslatableString.ExpandButton)).toBe('Expand Cycle');
  });
});
