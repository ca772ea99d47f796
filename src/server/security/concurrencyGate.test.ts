import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/httpError.ts';
import { createConcurrencyGate } from './concurrencyGate.ts';

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('createConcurrencyGate', () => {
  it('runs at most `limit` at once; waiting work goes by priority, then by arrival', async () => {
    const gate = createConcurrencyGate({ limit: 1, maxWaiting: 5, waitMs: 10_000, busyMessage: 'occupato' });
    const first = deferred();
    const order: string[] = [];
    const running = gate.run(() => first.promise.then(() => void order.push('primo')));
    const later = [
      gate.run(async () => void order.push('tentativo 3'), 3),
      gate.run(async () => void order.push('tentativo 1'), 1),
      gate.run(async () => void order.push('nuovo utente'), 0),
      gate.run(async () => void order.push('tentativo 1 bis'), 1),
    ];
    expect([gate.active, gate.waiting]).toEqual([1, 4]);
    first.resolve();
    await Promise.all([running, ...later]);
    expect(order).toEqual(['primo', 'nuovo utente', 'tentativo 1', 'tentativo 1 bis', 'tentativo 3']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('refuses with 429 and Retry-After when the queue is full or the wait runs out', async () => {
    const gate = createConcurrencyGate({ limit: 1, maxWaiting: 1, waitMs: 20, busyMessage: 'occupato' });
    const held = deferred();
    const running = gate.run(() => held.promise);
    const waiting = gate.run(async () => 'dopo');
    const refused = await gate.run(async () => 'mai').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, message: 'occupato', retryAfter: 1 });
    // The one waiting gives up after waitMs.
    await expect(waiting).rejects.toMatchObject({ statusCode: 429 });
    held.resolve();
    await running;
    expect(await gate.run(async () => 'libero')).toBe('libero');
  });
});

describe('a full queue', () => {
  it('lets work of a lower priority number take the place of the last one waiting, which gets the 429', async () => {
    const gate = createConcurrencyGate({ limit: 1, maxWaiting: 2, waitMs: 10_000, busyMessage: 'occupato' });
    const held = deferred();
    const order: string[] = [];
    const running = gate.run(() => held.promise);
    const guesses = [5, 6].map((p) => gate.run(async () => void order.push(`tentativo ${p}`), p));
    const sameRank = await gate.run(async () => 'mai', 6).catch((e: unknown) => e);
    expect(sameRank).toMatchObject({ statusCode: 429 });
    const colleague = gate.run(async () => void order.push('collega'), 1);
    await expect(guesses[1]).rejects.toMatchObject({ statusCode: 429, message: 'occupato' });
    expect([gate.active, gate.waiting]).toEqual([1, 2]);
    held.resolve();
    await Promise.all([running, guesses[0], colleague]);
    expect(order).toEqual(['collega', 'tentativo 5']);
  });
});

describe('a reserved place', () => {
  it('runs work of a low priority number at once while the shared places are taken; the rest waits', async () => {
    const gate = createConcurrencyGate({
      limit: 1,
      maxWaiting: 5,
      waitMs: 10_000,
      busyMessage: 'occupato',
      reserved: { places: 1, maxPriority: 1 },
    });
    const guess = deferred();
    const order: string[] = [];
    const running = gate.run(() => guess.promise.then(() => void order.push('tentativo 1')), 3);
    const waiting = gate.run(async () => void order.push('tentativo 2'), 4);
    const colleague = deferred();
    const first = gate.run(() => colleague.promise.then(() => void order.push('collega')), 1);
    // A second fresh login waits for a place like anyone, ahead of the guesses.
    const second = gate.run(async () => void order.push('altro collega'), 1);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    colleague.resolve();
    await first;
    await second;
    expect(order).toEqual(['collega', 'altro collega']);
    // The reserved place does not go to a guess: it waits for the shared one.
    expect([gate.active, gate.waiting]).toEqual([1, 1]);
    guess.resolve();
    await Promise.all([running, waiting]);
    expect(order).toEqual(['collega', 'altro collega', 'tentativo 1', 'tentativo 2']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });
});
