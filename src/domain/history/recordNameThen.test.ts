import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from './historyEntries.ts';
import { recordNameThen } from './recordNameThen.ts';

const e = (id: number, event: string, changes: HistoryEntry['changes'], recordId = 2): HistoryEntry => ({
  id,
  at: `2026-11-27T10:${String(id).padStart(2, '0')}:00.000Z`,
  event,
  resource: 'contact',
  recordId,
  user: 'Silvia Marini',
  changes,
});

describe('recordNameThen: a child record named by its display field as it was then', () => {
  // Newest first.
  const entries = [
    e(5, 'modifica', [{ field: 'phone', from: '1', to: '2' }]),
    e(4, 'modifica', [{ field: 'name', from: 'Giovanni', to: 'Gianni' }]),
    e(3, 'modifica', [{ field: 'phone', from: null, to: '1' }]),
    e(2, 'creazione', [{ field: 'name', from: null, to: 'Giovanni' }], 9),
    e(1, 'creazione', [{ field: 'name', from: null, to: 'Giovanni' }]),
  ];

  it('reads the entry’s own change, else the nearest older one, else the nearest newer one’s old value', () => {
    expect(recordNameThen(entries, 4, 'name')).toBe('Giovanni');
    expect(recordNameThen(entries, 2, 'name')).toBe('Giovanni');
    expect(recordNameThen(entries, 1, 'name')).toBe('Gianni');
    expect(recordNameThen(entries, 0, 'name')).toBe('Gianni');
    expect(recordNameThen(entries.slice(0, 3), 2, 'name')).toBe('Giovanni');
  });

  it('reads a deleted record by its last name, and nothing when the history never names it', () => {
    expect(recordNameThen([e(6, 'eliminazione', [{ field: 'name', from: 'Gianni', to: null }])], 0, 'name')).toBe(
      'Gianni',
    );
    expect(recordNameThen([e(7, 'modifica', [{ field: 'phone', from: '1', to: '2' }])], 0, 'name')).toBeUndefined();
  });
});
