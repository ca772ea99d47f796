import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN'], 'capo');
});
afterAll(() => t.close());

const taken = (email: string) => ({
  code: 400,
  message: expect.any(String),
  violations: [{ field: 'email', message: `L'e-mail «${email}» è già usata da un altro utente` }],
});
const user = (username: string, email: string) => ({
  username,
  email,
  name: 'Prova',
  surname: 'Utente',
  roles: ['ROLE_USER_CRM'],
  password: 'Prova-2026!',
  confirmPassword: 'Prova-2026!',
});
const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users', headers: admin, payload });
const read = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: admin })).json().data as Record<
    string,
    unknown
  >;
const emailOf = async (id: number) =>
  (await t.ctx.db.query<{ email: string }>(`SELECT email FROM "user" WHERE id = $1`, [id])).rows[0]?.email;

describe('one e-mail per user', () => {
  it('emailIsUniqueCaseInsensitive', async () => {
    const first = await create(user('mario.rossi', 'Mario.Rossi@Rossinoleggi.it'));
    expect(first.statusCode).toBe(201);
    const mario = first.json().data.id as number;
    const capoId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: admin })).json().data.id;

    // Create: the same e-mail in another case is refused, nothing stored.
    const dup = await create(user('mario.rossi2', 'mario.rossi@ROSSINOLEGGI.IT'));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual(taken('mario.rossi@ROSSINOLEGGI.IT'));
    const { rows } = await t.ctx.db.query(`SELECT 1 FROM "user" WHERE username = 'mario.rossi2'`);
    expect(rows).toHaveLength(0);

    // Update by an admin: another user's e-mail is refused, the stored one stays.
    const giulia = (await create(user('giulia.verdi', 'giulia.verdi@rossinoleggi.it'))).json().data.id as number;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${giulia}`,
      headers: admin,
      payload: { ...(await read(giulia)), email: 'MARIO.ROSSI@rossinoleggi.it' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual(taken('MARIO.ROSSI@rossinoleggi.it'));
    expect(await emailOf(giulia)).toBe('giulia.verdi@rossinoleggi.it');

    // The profile: a user cannot take the admin's e-mail (the reproduction), nor anybody's.
    const asMario = await t.app.inject({
      method: 'POST',
      url: '/login_check',
      payload: { username: 'mario.rossi', password: 'Prova-2026!' },
    });
    const mine = { authorization: `Bearer ${asMario.json().token}` };
    const capoEmail = (await emailOf(capoId)) ?? '';
    const profile = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${mario}`,
      headers: mine,
      payload: { username: 'mario.rossi', email: capoEmail.toUpperCase() },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual(taken(capoEmail.toUpperCase()));
    expect(await emailOf(mario)).toBe('Mario.Rossi@Rossinoleggi.it');

    // One's own e-mail, in another case, is still one's own; a free one is taken.
    for (const email of ['mario.rossi@rossinoleggi.it', 'm.rossi@rossinoleggi.it']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${mario}`,
        headers: mine,
        payload: { username: 'mario.rossi', email },
      });
      expect(res.statusCode).toBe(200);
      expect(await emailOf(mario)).toBe(email);
    }
    // The old one is free again.
    expect((await create(user('mario.bis', 'Mario.Rossi@Rossinoleggi.it'))).statusCode).toBe(201);
  });

  it('an e-mail another user has as username is taken too (Microsoft sign-in matches both)', async () => {
    expect((await create(user('posta@rossinoleggi.it', 'posta.vera@rossinoleggi.it'))).statusCode).toBe(201);
    expect((await create(user('altra.posta', 'POSTA@rossinoleggi.it'))).json()).toEqual(taken('POSTA@rossinoleggi.it'));
  });
});

describe('a database that already holds the same e-mail twice', () => {
  it('still starts, keeps both users editable, and gets the unique index once the duplicate is gone', async () => {
    const db = t.ctx.db;
    await db.query(`DROP INDEX IF EXISTS "user_email_key"`);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO "user" (username, email, name, surname, active, roles) VALUES
        ('vecchio.uno', 'condivisa@rossinoleggi.it', 'Primo', 'Vecchio', 'true', '["ROLE_USER"]'),
        ('vecchio.due', 'CONDIVISA@rossinoleggi.it', 'Secondo', 'Vecchio', 'true', '["ROLE_USER"]') RETURNING id`,
    );
    const index = async () =>
      (await db.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'user_email_key'`)).rows.length;
    const restarted = await t.sibling();
    try {
      expect(await index()).toBe(0);
      // Either may still be edited without touching the e-mail...
      const [one, two] = rows.map((r) => r.id);
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${one}`,
        headers: admin,
        payload: { ...(await read(one ?? 0)), name: 'Rinominato' },
      });
      expect(edit.statusCode).toBe(200);
      // ...and once one of them has another, the next start adds the index.
      const fixed = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${two}`,
        headers: admin,
        payload: { ...(await read(two ?? 0)), email: 'propria@rossinoleggi.it' },
      });
      expect(fixed.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
    const again = await t.sibling();
    try {
      expect(await index()).toBe(1);
    } finally {
      await again.close();
    }
  });
});
