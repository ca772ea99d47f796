import { buildApp } from '../../src/server/app.ts';
import { createDb } from '../../src/server/db/createDb.ts';
import { partitaIvaCheckDigit } from '../../src/domain/partitaIva.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';

/**
 * Writes per second of the customers' update call, with every record's history (one insert more in the same
 * statement) and without it (the same app with the history plans taken away): the cost of the history.
 */
export async function benchHistory(options: { databaseUrl?: string; seconds: number; connections: number }) {
  const figures: Record<string, number> = {};
  for (const mode of ['with history', 'without history'] as const) {
    const db = await createDb({ databaseUrl: options.databaseUrl });
    const { app, ctx } = await buildApp({ db, jwtSecret: 'bench-secret-'.repeat(4), log: { level: 'silent' } });
    if (mode === 'without history') for (const r of ctx.resources.values()) delete r.model.history;
    await ctx.resource('User').repo.create(
      {
        username: 'bench',
        email: 'bench@esempio.it',
        name: 'Bench',
        surname: 'Prova',
        roles: ['ROLE_SUPER_ADMIN'],
        active: 'true',
      },
      { passwordHash: await hashPassword('Bench-2025') },
    );
    const login = await app.inject({
      method: 'POST',
      url: '/login_check',
      payload: { username: 'bench', password: 'Bench-2025' },
    });
    const { token } = login.json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    const customers: { id: number; vatNumber: string }[] = [];
    for (let i = 0; i < options.connections; i++) {
      const first10 = String(1_000_000 + i).padStart(10, '0');
      const vatNumber = `${first10}${partitaIvaCheckDigit(first10)}`;
      const id = Number((await ctx.resource('Customer').repo.create({ companyName: `Cliente ${i}`, vatNumber })).id);
      customers.push({ id, vatNumber });
    }
    let writes = 0;
    const end = Date.now() + options.seconds * 1000;
    await Promise.all(
      customers.map(async ({ id, vatNumber }, i) => {
        for (let n = 0; Date.now() < end; n++) {
          const res = await app.inject({
            method: 'PUT',
            url: `/api/customers/${id}`,
            headers,
            payload: { companyName: `Cliente ${i} rev ${n}`, vatNumber },
          });
          if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
          writes++;
        }
      }),
    );
    figures[mode] = writes / options.seconds;
    await app.close();
    await db.close();
  }
  const withHistory = figures['with history'] ?? 0;
  const without = figures['without history'] || 1;
  return { withHistory, without, ratio: withHistory / without };
}
