import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { newAcceptanceDraft } from '../../../domain/acceptance/index.ts';
import type { QueuedAcceptance, SavedDraft } from './acceptanceStore.ts';

/** The server as the tablet meets it: every photo arrives; the acceptance gets the answer the case gives. */
const server = vi.hoisted(() => ({
  acceptanceAnswer: { status: 400, body: {} },
  sends: 0,
  photos: 0,
}));
vi.mock('../../api/client.ts', () => ({
  api: {
    POST: (path: string) => {
      if (path === '/api/accettazioni_mezzi/foto') {
        server.photos++;
        return Promise.resolve({ response: new Response(null, { status: 201 }), data: {} });
      }
      server.sends++;
      const { status, body } = server.acceptanceAnswer;
      return Promise.resolve({ response: new Response(null, { status }), error: body });
    },
  },
}));
const { outbox } = await import('./outbox.ts');
const { acceptanceStore } = await import('./acceptanceStore.ts');

vi.stubGlobal('navigator', { onLine: true });
vi.stubGlobal('window', { addEventListener: () => undefined });
// The queue's own 15 s rounds stay still: the test runs the rounds.
vi.useFakeTimers({ toFake: ['setInterval'] });
beforeAll(() => outbox.start(7, () => undefined));
const HASH = 'a'.repeat(64);
const photoRefused = {
  message: 'Dati non validi',
  violations: [{ field: 'foto', message: 'La foto 1 non è ancora arrivata al server: inviarla di nuovo' }],
};

let n = 0;
function item(uploaded?: string[]): QueuedAcceptance {
  const key = `chiave-outbox-${++n}-abcdefgh`;
  const origin: SavedDraft = {
    userId: 7,
    draft: { ...newAcceptanceDraft(7, '2025-09-24'), matricole: 'SN-1', km: 10 },
    step: 2,
    photos: [HASH],
    signature: null,
    key,
  };
  return {
    key,
    userId: 7,
    fields: [['operatore', '7']],
    photos: [HASH],
    signature: null,
    origin,
    summary: { matricole: 'SN-1', dataAccettazione: '2025-09-24', photos: 1 },
    queuedAt: `2025-09-24T10:00:0${n}Z`,
    attempts: 0,
    ...(uploaded ? { uploaded } : {}),
  };
}

beforeEach(async () => {
  await acceptanceStore.putPhoto({ sha256: HASH, blob: new Blob(['x'], { type: 'image/jpeg' }) });
  for (const q of await acceptanceStore.queued(7)) await acceptanceStore.backToDraft(q.key, q.origin);
  server.sends = 0;
  server.photos = 0;
});

describe('the queue of the tablet and the refusals of the server', () => {
  it('a refusal of fields is final: shown with its reasons, never sent again', async () => {
    server.acceptanceAnswer = {
      status: 400,
      body: {
        message: 'Dati non validi',
        violations: [
          { field: 'matricole', message: 'Indicare almeno una matricola del mezzo' },
          { field: 'firma', message: 'La firma del cliente è obbligatoria' },
        ],
      },
    };
    const result = await outbox.submit(item());
    expect(result).toMatchObject({ status: 'refused' });
    const [stored] = await acceptanceStore.queued(7);
    expect(stored?.refused).toBe('Indicare almeno una matricola del mezzo; La firma del cliente è obbligatoria');
    await outbox.flush();
    await outbox.flush();
    expect(server.sends).toBe(1);
  });

  it('a photo refused right after it was sent is final too (it was retried forever)', async () => {
    server.acceptanceAnswer = { status: 400, body: photoRefused };
    expect(await outbox.submit(item())).toMatchObject({ status: 'refused' });
    await outbox.flush();
    await outbox.flush();
    expect(server.sends).toBe(1);
    expect(server.photos).toBe(1);
  });

  it('a photo sent in an earlier round and since let go by the server travels again, once', async () => {
    server.acceptanceAnswer = { status: 400, body: photoRefused };
    expect(await outbox.submit(item([HASH]))).toMatchObject({ status: 'waiting' });
    expect(server.photos).toBe(0);
    await outbox.flush();
    expect(server.photos).toBe(1);
    expect(server.sends).toBe(2);
    await outbox.flush();
    expect(server.sends).toBe(2);
    expect((await acceptanceStore.queued(7))[0]?.refused).toBe(photoRefused.violations[0]?.message);
  });
});
