import { describe, expect, it, vi } from 'vitest';
import { createRefreshCoordinator, RefreshCancelled } from './refreshCoordinator.ts';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('createRefreshCoordinator', () => {
  it('runs one refresh for 20 concurrent callers and gives them all the new token', async () => {
    const d = deferred<string>();
    const doRefresh = vi.fn(() => d.promise);
    const c = createRefreshCoordinator(doRefresh);
    const waiting = Array.from({ length: 20 }, () => c.refresh());
    expect(c.isRefreshing()).toBe(true);
    d.resolve('nuovo');
    expect(await Promise.all(waiting)).toEqual(Array(20).fill('nuovo'));
    expect(doRefresh).toHaveBeenCalledTimes(1);
    expect(c.isRefreshing()).toBe(false);
  });

  it('refreshes again for a 401 after the previous refresh ended', async () => {
    let n = 0;
    const c = createRefreshCoordinator(async () => `t${++n}`);
    expect(await c.refresh()).toBe('t1');
    expect(await c.refresh()).toBe('t2');
  });

  it('rejects every waiting caller when the refresh fails', async () => {
    const c = createRefreshCoordinator(() => Promise.reject(new Error('refresh rifiutato')));
    const results = await Promise.allSettled([c.refresh(), c.refresh()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(c.isRefreshing()).toBe(false);
  });

  it('cancels the waiting callers (423)', async () => {
    const c = createRefreshCoordinator(() => new Promise<string>(() => {}));
    const waiting = c.refresh();
    c.cancel();
    await expect(waiting).rejects.toBeInstanceOf(RefreshCancelled);
    expect(c.isRefreshing()).toBe(false);
  });
});
