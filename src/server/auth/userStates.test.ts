import { describe, expect, it } from 'vitest';
import { createUserStates, type UserState } from './userStates.ts';

const active: UserState = { active: true, tokenVersion: 3, superAdmin: false, roles: ['ROLE_USER'] };

/** A cache over a store that counts its reads, with a clock the test moves. */
function cacheOver(store: Map<number, UserState>) {
  const reads: number[] = [];
  let now = 1_000;
  const states = createUserStates(
    async (id) => {
      reads.push(id);
      return store.get(id) ?? null;
    },
    async () => ['ended-session'],
    () => now,
  );
  return { states, reads, advance: (ms: number) => (now += ms) };
}

describe('the per-request user state', () => {
  it('is read from the store once, then answered from memory while fresh', async () => {
    const { states, reads } = cacheOver(new Map([[7, active]]));
    const first = await states.get(7);
    for (let i = 0; i < 50; i++) await states.get(7);
    expect(reads).toEqual([7]);
    expect(first).toMatchObject({ active: true, tokenVersion: 3, roles: ['ROLE_USER'] });
    expect(first?.endedSessions.has('ended-session')).toBe(true);
  });

  it('a forgotten user (saved, demoted, deactivated, password changed) is read again at the next request', async () => {
    const store = new Map([[7, active]]);
    const { states, reads } = cacheOver(store);
    await states.get(7);
    store.set(7, { ...active, active: false, tokenVersion: 4 });
    expect((await states.get(7))?.active).toBe(true);
    states.forget(7);
    expect(await states.get(7)).toMatchObject({ active: false, tokenVersion: 4 });
    expect(reads).toEqual([7, 7]);
  });

  it('a change made behind the server’s back (SQL by hand) is seen within ten seconds', async () => {
    const store = new Map([[7, active]]);
    const { states, advance } = cacheOver(store);
    await states.get(7);
    store.set(7, { ...active, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    advance(9_999);
    expect((await states.get(7))?.roles).toEqual(['ROLE_USER']);
    advance(1);
    expect((await states.get(7))?.roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
  });

  it('an unknown user is remembered as unknown, and clear() forgets everyone', async () => {
    const store = new Map<number, UserState>();
    const { states, reads } = cacheOver(store);
    expect(await states.get(9)).toBeNull();
    expect(await states.get(9)).toBeNull();
    store.set(9, active);
    states.clear();
    expect((await states.get(9))?.active).toBe(true);
    expect(reads).toEqual([9, 9]);
  });

  it('requests arriving while the state is read wait for that one read', async () => {
    const { states, reads } = cacheOver(new Map([[7, active]]));
    const all = await Promise.all(Array.from({ length: 50 }, () => states.get(7)));
    expect(reads).toEqual([7]);
    expect(new Set(all).size).toBe(1);
  });

  it('a change made while the state is being read is not hidden by that read (a demotion refused at once)', async () => {
    const store = new Map([[7, { ...active, roles: ['ROLE_USER', 'ROLE_ADMIN'] }]]);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const states = createUserStates(
      async (id) => {
        const before = store.get(id) ?? null;
        await held;
        return before;
      },
      async () => [],
    );
    const reading = states.get(7);
    store.set(7, { ...active, tokenVersion: 4, roles: ['ROLE_USER'] });
    states.forget(7);
    release();
    expect((await reading)?.roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    expect(await states.get(7)).toMatchObject({ tokenVersion: 4, roles: ['ROLE_USER'] });
  });

  it('a failed read is not remembered: the next request reads again', async () => {
    let fail = true;
    const states = createUserStates(
      async () => {
        if (fail) throw new Error('connection lost');
        return active;
      },
      async () => [],
    );
    await expect(states.get(7)).rejects.toThrow('connection lost');
    fail = false;
    expect((await states.get(7))?.active).toBe(true);
  });

  it('peek answers only what is in memory and fresh: nothing while it is read, after a change, or once expired', async () => {
    const { states, advance } = cacheOver(new Map([[7, active]]));
    const reading = states.get(7);
    expect(states.peek(7)).toBeUndefined();
    await reading;
    expect(states.peek(7)?.state).toMatchObject({ tokenVersion: 3 });
    states.forget(7);
    expect(states.peek(7)).toBeUndefined();
    await states.get(7);
    advance(10_000);
    expect(states.peek(7)).toBeUndefined();
    expect(states.peek(8)).toBeUndefined();
  });
});
