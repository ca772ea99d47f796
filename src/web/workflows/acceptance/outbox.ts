import type { components } from '../../../../generated/api.ts';
import { answeredBy } from '../../api/httpMiddleware.ts';
import { api } from '../../api/client.ts';
import { acceptanceStore, type QueuedAcceptance } from './acceptanceStore.ts';

type Violation = NonNullable<components['schemas']['Error']['violations']>[number];

export type SendResult =
  | { status: 'sent'; id: number }
  | { status: 'refused'; message: string; violations: Violation[] }
  | { status: 'waiting'; error: string };

/** Answers this workflow shows itself: a refusal goes back to the wizard, a server failure waits in the queue. */
const OWN_ANSWERS = answeredBy([400, 409, 413, 500, 502, 503, 504]);
/** How often the queue is tried again while it holds something and the browser says it is online. */
const RETRY_MS = 15_000;

function dataUrlBlob(dataUrl: string): Blob {
  const [head, body = ''] = dataUrl.split(',');
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'image/png' });
}

const SHA256 = /^[0-9a-f]{64}$/;
/** Each photo is tried this many times in a row before the acceptance waits for the next round. */
const PHOTO_ATTEMPTS = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type PhotoResult = { status: 'ok' } | { status: 'refused'; message: string } | { status: 'failed' };

/** One photo, on its own, retried a few times: a slow or failed photo never holds the others back. */
async function uploadPhoto(hash: string): Promise<PhotoResult> {
  const photo = await acceptanceStore.photo(hash);
  if (!photo) return { status: 'refused', message: 'Una foto non è più sul tablet: riaprire e rifarla' };
  for (let attempt = 1; attempt <= PHOTO_ATTEMPTS; attempt++) {
    const form = new FormData();
    form.append('foto', photo.blob, `foto.${photo.blob.type === 'image/png' ? 'png' : 'jpg'}`);
    form.append('sha256', hash);
    try {
      const { response, error } = await api.POST('/api/accettazioni_mezzi/foto', {
        body: {} as never,
        bodySerializer: () => form,
        middleware: [OWN_ANSWERS],
      });
      if (response.ok) return { status: 'ok' };
      if ([400, 413].includes(response.status))
        return {
          status: 'refused',
          message: (error as Partial<components['schemas']['Error']> | undefined)?.violations?.[0]?.message ?? '',
        };
    } catch {
      if (!navigator.onLine) return { status: 'failed' };
    }
    if (attempt < PHOTO_ATTEMPTS) await pause(400 * 3 ** (attempt - 1));
  }
  return { status: 'failed' };
}

/** Uploads the photos the server does not have yet, two at a time; returns those it now has. */
async function uploadPhotos(item: QueuedAcceptance): Promise<{ uploaded: string[]; refused?: string }> {
  const uploaded = new Set(item.uploaded ?? []);
  const pending = item.photos.filter((h) => !uploaded.has(h));
  let refused: string | undefined;
  const total = item.photos.length;
  set({ progress: { done: uploaded.size, total } });
  const worker = async () => {
    for (let hash = pending.shift(); hash; hash = pending.shift()) {
      const result = await uploadPhoto(hash);
      if (result.status === 'ok') {
        uploaded.add(hash);
        set({ progress: { done: uploaded.size, total } });
        // Remembered at once: after a reload only the missing photos travel again.
        await acceptanceStore.updateQueued({ ...item, uploaded: [...uploaded] });
      } else if (result.status === 'refused') refused ??= result.message;
    }
  };
  await Promise.all([worker(), worker()]);
  return { uploaded: [...uploaded], ...(refused === undefined ? {} : { refused }) };
}

async function formOf(item: QueuedAcceptance, inline: boolean): Promise<FormData | null> {
  const form = new FormData();
  for (const [name, value] of item.fields) form.append(name, value);
  if (inline)
    for (const [i, hash] of item.photos.entries()) {
      const photo = await acceptanceStore.photo(hash);
      if (!photo) return null;
      form.append(`foto-${i}`, photo.blob, `foto-${i + 1}.${photo.blob.type === 'image/png' ? 'png' : 'jpg'}`);
    }
  if (item.signature) form.append('firma', dataUrlBlob(item.signature), 'firma.png');
  return form;
}

/** One send of a queued acceptance; the server keeps it once whatever the number of sends (its key). */
async function sendOnce(item: QueuedAcceptance): Promise<SendResult> {
  // With WebCrypto the photos go first, one by one, and the acceptance names them by hash; without it, inline.
  const oneByOne = item.photos.length > 0 && item.photos.every((h) => SHA256.test(h));
  // Photos the server had from an earlier round, not sent again this time: it may have let them go since.
  const earlier = new Set(item.uploaded ?? []);
  const reused = oneByOne && item.photos.some((h) => earlier.has(h));
  if (oneByOne) {
    const { uploaded, refused } = await uploadPhotos(item);
    if (refused !== undefined)
      return { status: 'refused', message: refused, violations: [{ field: 'foto', message: refused }] };
    if (uploaded.length < item.photos.length)
      return { status: 'waiting', error: `Foto inviate: ${uploaded.length} di ${item.photos.length}` };
  }
  const form = await formOf(item, !oneByOne);
  if (!form) return { status: 'refused', message: 'Una foto non è più sul tablet: riaprire e rifarla', violations: [] };
  try {
    const { data, error, response } = await api.POST('/api/accettazioni_mezzi', {
      body: {} as never,
      bodySerializer: () => form,
      middleware: [OWN_ANSWERS],
    });
    if (response.ok && data) return { status: 'sent', id: Number(data.data.id) };
    const body = (error ?? {}) as Partial<components['schemas']['Error']>;
    const message = body.message ?? `Errore ${response.status}`;
    // The server lost a photo sent in an earlier round (it never keeps them long unused): they all travel again
    // next time, once. A refusal of photos sent just now, or of anything else, is final: never retried forever.
    const violations = body.violations ?? [];
    if (reused && response.status === 400 && violations.length > 0 && violations.every((v) => v.field === 'foto')) {
      await acceptanceStore.updateQueued({ ...item, uploaded: [] });
      return { status: 'waiting', error: violations[0]?.message ?? message };
    }
    // The queue shows what to fix, not only that it was refused.
    const said = [...new Set(violations.map((v) => v.message))].join('; ');
    if ([400, 409, 413].includes(response.status)) return { status: 'refused', message: said || message, violations };
    return { status: 'waiting', error: message };
  } catch {
    return { status: 'waiting', error: 'Connessione assente' };
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: {
  userId: number | null;
  items: QueuedAcceptance[];
  sending: boolean;
  /** Photos the server has of the acceptance being sent. */
  progress: { done: number; total: number } | null;
} = { userId: null, items: [], sending: false, progress: null };
const set = (next: Partial<typeof state>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};
const inFlight = new Set<string>();
let timer: ReturnType<typeof setInterval> | null = null;

async function reload(): Promise<void> {
  if (state.userId !== null) set({ items: await acceptanceStore.queued(state.userId) });
}

/** Sends one queued acceptance and records the outcome; never two sends of the same one at once. */
async function send(item: QueuedAcceptance): Promise<SendResult> {
  if (inFlight.has(item.key)) return { status: 'waiting', error: 'Invio già in corso' };
  inFlight.add(item.key);
  set({ sending: true });
  try {
    const result = await sendOnce(item);
    // The photos it uploaded are recorded as they arrive: the latest copy carries them.
    const latest = (await acceptanceStore.queuedOne(item.key)) ?? item;
    if (result.status === 'sent') await acceptanceStore.sent(latest);
    else if (result.status === 'refused')
      await acceptanceStore.updateQueued({ ...latest, attempts: latest.attempts + 1, refused: result.message });
    else await acceptanceStore.updateQueued({ ...latest, attempts: latest.attempts + 1, lastError: result.error });
    return result;
  } finally {
    inFlight.delete(item.key);
    set({ sending: inFlight.size > 0, progress: null });
    await reload();
  }
}

/** Everything waiting for the network, in the order it was saved. */
async function flush(): Promise<number> {
  if (state.userId === null || !navigator.onLine) return 0;
  let sent = 0;
  const waiting = (await acceptanceStore.queued(state.userId))
    .filter((q) => !q.refused)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  for (const item of waiting) {
    const result = await send(item);
    if (result.status === 'sent') sent++;
    else if (result.status === 'waiting') break;
  }
  if (sent) onSent?.(sent);
  return sent;
}

let onSent: ((count: number) => void) | null = null;
const online = () => void flush();

/**
 * The queue of acceptances saved on the tablet ("in attesa di invio"): kept in IndexedDB, sent when the browser
 * comes back online, every few seconds while something waits, and whenever the wizard opens.
 */
export const outbox = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => state,

  /** Starts (once per user) the sending in the background; it keeps going while the app is open. */
  async start(userId: number, whenSent: (count: number) => void): Promise<void> {
    onSent = whenSent;
    if (state.userId !== userId) {
      set({ userId, items: [] });
      await reload();
    }
    if (!timer) {
      window.addEventListener('online', online);
      timer = setInterval(() => {
        if (state.items.some((q) => !q.refused)) void flush();
      }, RETRY_MS);
    }
    await flush();
  },

  /** A new acceptance: kept on the tablet first (the draft goes in the same step), then sent at once. */
  async submit(item: QueuedAcceptance): Promise<SendResult> {
    await acceptanceStore.enqueue(item);
    await reload();
    if (!navigator.onLine) return { status: 'waiting', error: 'Connessione assente' };
    return send(item);
  },

  flush,
  reload,
};
