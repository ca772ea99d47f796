import { describe, expect, it } from 'vitest';
import { holdsRecall, RECALL_HOLD_MS } from './recallHold.ts';

describe('holdsRecall', () => {
  const now = new Date('2026-03-12T10:00:00Z');
  const started = new Date(now.getTime() - 5 * 60_000).toISOString();

  it('is true for the operator who pressed "Richiama" within the hold', () => {
    expect(holdsRecall({ operatorUserId: 7, recallStartedAt: started }, 7, now)).toBe(true);
  });

  it('is false for another user, once the hold expired, or after "Nessuna risposta" ended it', () => {
    expect(holdsRecall({ operatorUserId: 7, recallStartedAt: started }, 8, now)).toBe(false);
    expect(holdsRecall({ operatorUserId: 7, recallStartedAt: started }, undefined, now)).toBe(false);
    const old = new Date(now.getTime() - RECALL_HOLD_MS).toISOString();
    expect(holdsRecall({ operatorUserId: 7, recallStartedAt: old }, 7, now)).toBe(false);
    expect(holdsRecall({ operatorUserId: 7, recallStartedAt: null }, 7, now)).toBe(false);
  });
});
