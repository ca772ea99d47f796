import { describe, expect, it } from 'vitest';
import { changedFields } from './changedFields.ts';

describe('changedFields: the one-field edits of a saved form', () => {
  it('sends only the form fields that changed, in the form order', () => {
    expect(
      changedFields(
        ['recalled', 'operator', 'branchOfficeId', 'note'],
        { id: 1, recalled: 'N', operator: 'Anna', note: 'x', senderPhone: '+39' },
        { recalled: 'Y', operator: 'Anna', branchOfficeId: 2, note: 'x', senderPhone: '+41' },
      ),
    ).toEqual([
      { field: 'recalled', value: 'Y' },
      { field: 'branchOfficeId', value: 2 },
    ]);
  });
  it('an emptied field is null; empty and missing are the same', () => {
    expect(
      changedFields(['note', 'operator'], { note: 'x', operator: null }, { note: undefined, operator: '' }),
    ).toEqual([{ field: 'note', value: null }]);
  });
});
