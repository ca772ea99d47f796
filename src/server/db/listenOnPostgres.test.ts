import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/testApp.ts';

// PostgreSQL only (vitest project server-postgres): a LISTEN connection that drops comes back by itself.
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Ends every LISTEN connection of this database, as a restart of PostgreSQL or a network cut would. */
const cutListeners = () =>
  t.ctx.db.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
  );

describe('Db.listen on PostgreSQL', () => {
  it('passes each payload, says when some may have been lost, and listens again', async () => {
    const heard: (string | undefined)[] = [];
    const stop = await t.ctx.db.listen('sonda', (payload) => heard.push(payload));
    try {
      await t.ctx.db.query(`SELECT pg_notify('sonda', 'primo')`);
      await vi.waitFor(() => expect(heard).toEqual(['primo']));
      await cutListeners();
      await vi.waitFor(() => expect(heard).toEqual(['primo', undefined]), { timeout: 5000 });
      await t.ctx.db.query(`SELECT pg_notify('sonda', 'dopo')`);
      await vi.waitFor(() => expect(heard).toEqual(['primo', undefined, 'dopo']));
    } finally {
      await stop();
    }
  });

  it('a user changed by hand while the hub was cut off is read again once it is back, not after the cache expires', async () => {
    await t.as(['ROLE_USER_CRM'], 'rete.interrotta');
    const login = await t.app.inject({
      method: 'POST',
      url: '/login_check',
      payload: { username: 'rete.interrotta', password: TEST_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const me = () => t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect((await me()).statusCode).toBe(200);
    await t.ctx.db.query(`UPDATE "user" SET "tokenVersion" = "tokenVersion" + 1 WHERE username = 'rete.interrotta'`);
    // Cached: the change by hand is not seen yet.
    expect((await me()).statusCode).toBe(200);
    await cutListeners();
    await vi.waitFor(async () => expect((await me()).statusCode).toBe(401), { timeout: 5000, interval: 200 });
  });
});
