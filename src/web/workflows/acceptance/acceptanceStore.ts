import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AcceptanceDraft, DraftMark, WizardStep } from '../../../domain/acceptance/index.ts';

/** A photo as the tablet keeps it: downscaled, with the SHA-256 of its bytes (its key). */
export interface StoredPhoto {
  sha256: string;
  blob: Blob;
}

/** The wizard as the operator left it: restored after a reload or a crash. */
export interface SavedDraft {
  userId: number;
  draft: AcceptanceDraft;
  step: WizardStep;
  /** The photos, by hash, in the order taken. */
  photos: string[];
  /** The customer's signature, a PNG data URL. */
  signature: string | null;
  /** The idempotency key this acceptance will be sent with (a retry reuses it). */
  key: string;
  /** The damage marked on the outline, each with its photos (absent in drafts kept before issue 32). */
  marks?: DraftMark[];
}

/** An acceptance saved on the tablet and not yet acknowledged by the server. */
export interface QueuedAcceptance {
  key: string;
  userId: number;
  /** The multipart text fields (acceptanceFormFields, then the key and the photo hashes). */
  fields: [string, string][];
  photos: string[];
  signature: string | null;
  /** The wizard it came from, to reopen it when the server refuses it. */
  origin: SavedDraft;
  /** What the list "in attesa di invio" shows. */
  summary: { matricole: string; dataAccettazione: string; photos: number };
  queuedAt: string;
  attempts: number;
  /** Photos the server already has (uploaded one by one): a retry sends only the others. */
  uploaded?: string[];
  /** The server refused it (bad input): it waits for the operator, not for the network. */
  refused?: string;
  /** The last failure, when it was the network or the server. */
  lastError?: string;
}

interface AcceptanceDb extends DBSchema {
  drafts: { key: number; value: SavedDraft };
  photos: { key: string; value: StoredPhoto };
  queue: { key: string; value: QueuedAcceptance; indexes: { byUser: number } };
}

let db: Promise<IDBPDatabase<AcceptanceDb>> | null = null;

function open(): Promise<IDBPDatabase<AcceptanceDb>> {
  db ??= openDB<AcceptanceDb>('crm-accettazioni', 1, {
    upgrade(d) {
      d.createObjectStore('drafts', { keyPath: 'userId' });
      d.createObjectStore('photos', { keyPath: 'sha256' });
      d.createObjectStore('queue', { keyPath: 'key' }).createIndex('byUser', 'userId');
    },
  });
  return db;
}

/** A photo no draft and no queued acceptance refers to any more. */
async function dropUnreferenced(hashes: readonly string[]): Promise<void> {
  if (!hashes.length) return;
  const d = await open();
  const tx = d.transaction(['drafts', 'queue', 'photos'], 'readwrite');
  const used = new Set<string>();
  for (const draft of await tx.objectStore('drafts').getAll())
    [...draft.photos, ...(draft.marks ?? []).flatMap((m) => m.foto)].forEach((h) => used.add(h));
  for (const q of await tx.objectStore('queue').getAll()) q.photos.forEach((h) => used.add(h));
  for (const h of hashes) if (!used.has(h)) await tx.objectStore('photos').delete(h);
  await tx.done;
}

export const acceptanceStore = {
  async draft(userId: number): Promise<SavedDraft | undefined> {
    return (await open()).get('drafts', userId);
  },
  async saveDraft(draft: SavedDraft): Promise<void> {
    await (await open()).put('drafts', draft);
  },
  async clearDraft(userId: number): Promise<void> {
    const before = await this.draft(userId);
    await (await open()).delete('drafts', userId);
    await dropUnreferenced(before?.photos ?? []);
  },

  async putPhoto(photo: StoredPhoto): Promise<void> {
    await (await open()).put('photos', photo);
  },
  async photo(sha256: string): Promise<StoredPhoto | undefined> {
    return (await open()).get('photos', sha256);
  },
  dropUnreferenced,

  /** Queues an acceptance and forgets the draft it came from, in one transaction: it is never in neither. */
  async enqueue(item: QueuedAcceptance): Promise<void> {
    const tx = (await open()).transaction(['queue', 'drafts'], 'readwrite');
    await tx.objectStore('queue').put(item);
    await tx.objectStore('drafts').delete(item.userId);
    await tx.done;
  },
  async queued(userId: number): Promise<QueuedAcceptance[]> {
    return (await open()).getAllFromIndex('queue', 'byUser', userId);
  },
  async queuedOne(key: string): Promise<QueuedAcceptance | undefined> {
    return (await open()).get('queue', key);
  },
  async updateQueued(item: QueuedAcceptance): Promise<void> {
    await (await open()).put('queue', item);
  },
  /** The server refused it: it goes back to the wizard as the draft, photos and signature included. */
  async backToDraft(key: string, draft: SavedDraft): Promise<void> {
    const tx = (await open()).transaction(['queue', 'drafts'], 'readwrite');
    await tx.objectStore('drafts').put(draft);
    await tx.objectStore('queue').delete(key);
    await tx.done;
  },
  /** The server has it: the queued copy and its photos go. */
  async sent(item: QueuedAcceptance): Promise<void> {
    await (await open()).delete('queue', item.key);
    await dropUnreferenced(item.photos);
  },
};
