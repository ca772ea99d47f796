import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newAcceptanceDraft } from '../../../domain/acceptance/index.ts';
import { acceptanceStore, type QueuedAcceptance, type SavedDraft } from './acceptanceStore.ts';

const draft = (userId: number, photos: string[]): SavedDraft => ({
  userId,
  draft: { ...newAcceptanceDraft(userId, '2025-09-24'), matricole: 'SN-1' },
  step: 2,
  photos,
  signature: null,
  key: `chiave-${userId}-abcdefghijkl`,
});
const queued = (d: SavedDraft): QueuedAcceptance => ({
  key: d.key,
  userId: d.userId,
  fields: [['operatore', String(d.userId)]],
  photos: d.photos,
  signature: null,
  origin: d,
  summary: { matricole: 'SN-1', dataAccettazione: '2025-09-24', photos: d.photos.length },
  queuedAt: '2025-09-24T10:00:00Z',
  attempts: 0,
});
const photo = (sha256: string) => ({ sha256, blob: new Blob([sha256], { type: 'image/jpeg' }) });

describe('the tablet keeps every check-in (IndexedDB)', () => {
  it('queues an acceptance and drops its draft in one step; the photos stay until the server has it', async () => {
    await acceptanceStore.putPhoto(photo('a'));
    await acceptanceStore.putPhoto(photo('b'));
    const d = draft(1, ['a', 'b']);
    await acceptanceStore.saveDraft(d);
    await acceptanceStore.enqueue(queued(d));
    expect(await acceptanceStore.draft(1)).toBeUndefined();
    expect((await acceptanceStore.queued(1)).map((q) => q.key)).toEqual([d.key]);
    await acceptanceStore.dropUnreferenced(['a', 'b']);
    expect(await acceptanceStore.photo('a')).toBeDefined();

    await acceptanceStore.sent(queued(d));
    expect(await acceptanceStore.queued(1)).toEqual([]);
    expect(await acceptanceStore.photo('a')).toBeUndefined();
    expect(await acceptanceStore.photo('b')).toBeUndefined();
  });

  it('a refused acceptance goes back to the wizard whole; each user sees only their own queue', async () => {
    await acceptanceStore.putPhoto(photo('c'));
    const d = draft(2, ['c']);
    await acceptanceStore.enqueue(queued(d));
    expect(await acceptanceStore.queued(3)).toEqual([]);
    await acceptanceStore.backToDraft(d.key, d);
    expect(await acceptanceStore.queued(2)).toEqual([]);
    expect(await acceptanceStore.draft(2)).toEqual(d);
    // A photo still named by a draft is kept.
    await acceptanceStore.dropUnreferenced(['c']);
    expect(await acceptanceStore.photo('c')).toBeDefined();
    await acceptanceStore.clearDraft(2);
    expect(await acceptanceStore.photo('c')).toBeUndefined();
  });
});
