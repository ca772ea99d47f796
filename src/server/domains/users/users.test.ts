import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN'], 'amministratore');
});
afterAll(() => t.close());

const newUser = {
  username: 'giulia.bianchi',
  email: 'giulia.bianchi@rossinoleggi.it',
  name: 'Giulia',
  surname: 'Bianchi',
  roles: ['ROLE_CONTACT_CENTER'],
  password: 'Centralino2025!',
  confirmPassword: 'Centralino2025!',
};

describe('users', () => {
  it('creates a user with a hashed password; confirmPassword is never stored or shown', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: admin, payload: newUser });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ username: 'giulia.bianchi', roles: ['ROLE_CONTACT_CENTER'], active: 'true' });
    expect(data).not.toHaveProperty('password');
    expect(data).not.toHaveProperty('confirmPassword');
    const { rows } = await t.ctx.db.query<Record<string, unknown>>(`SELECT * FROM "user" WHERE id = $1`, [data.id]);
    expect(rows[0]).not.toHaveProperty('confirmPassword');
    expect(rows[0]).not.toHaveProperty('password');
    expect(String(rows[0]?.passwordHash)).toMatch(/^scrypt\$/);
    expect(JSON.stringify(rows[0])).not.toContain('Centralino2025!');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/login_check',
          payload: { username: 'giulia.bianchi', password: 'Centralino2025!' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('defaults roles to ROLE_USER when none is given', async () => {
    const { roles: _r, ...rest } = newUser;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { ...rest, username: 'senza.ruoli', email: 'senza.ruoli@rossinoleggi.it' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.roles).toEqual(['ROLE_USER']);
  });

  it('refuses mismatched passwords and a duplicate username, storing nothing', async () => {
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { ...newUser, username: 'altro', email: 'altro@rossinoleggi.it', confirmPassword: 'diversa' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().violations).toEqual([{ field: 'confirmPassword', message: 'Le password non coincidono' }]);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { ...newUser, username: 'Giulia.Bianchi', email: 'g.bianchi@rossinoleggi.it' },
    });
    expect(dup.statusCode).toBe(409);
    const { rows } = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "user" WHERE lower(username) IN ('altro', 'giulia.bianchi')`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('switches a user active and inactive', async () => {
    const id = (
      await t.app.inject({ method: 'GET', url: '/api/users?filters[username]=giulia', headers: admin })
    ).json().data[0].id;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/${id}/active/false`, headers: admin })).json().data.active,
    ).toBe('false');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/${id}/active/true`, headers: admin })).json().data.active,
    ).toBe('true');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/${id}/active/forse`, headers: admin })).statusCode,
    ).toBe(400);
  });

  it('lists users sorted by username by default', async () => {
    const names = (await t.app.inject({ method: 'GET', url: '/api/users', headers: admin }))
      .json()
      .data.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort());
  });
});

describe('people are shown by their names, not their usernames', () => {
  it('gives every user a full name kept by the database, which pickers and reference columns show', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: {
        ...newUser,
        username: 'paolo.verdi',
        email: 'paolo.verdi@rossinoleggi.it',
        name: 'Paolo',
        surname: 'Verdi',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.fullName).toBe('Paolo Verdi');
    // A name changed later: the full name follows; an account without a name is shown by its username.
    const id = created.json().data.id;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: admin,
      payload: { ...created.json().data, surname: 'Verdi Bassi' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.fullName).toBe('Paolo Verdi Bassi');
    await t.ctx.resource('User').repo.create({
      username: 'senza.nome',
      email: 'sn@rossinoleggi.it',
      name: '',
      surname: '',
      roles: ['ROLE_USER'],
    });

    // Pickers and reference columns name a user by the display field: the full name, never the username.
    expect(resourceIndex.user.displayField).toBe('fullName');
    const list = await t.app.inject({ method: 'GET', url: '/api/users?page=0&rowsPerPage=0', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as Record<string, unknown>[];
    expect(rows.find((r) => r.id === id)).toMatchObject({ username: 'paolo.verdi', fullName: 'Paolo Verdi Bassi' });
    expect(rows.find((r) => r.username === 'senza.nome')).toMatchObject({ fullName: 'senza.nome' });
  });
});

describe('me, profile and password', () => {
  let me: { authorization: string };
  let id = 0;
  beforeAll(async () => {
    me = await t.as(['ROLE_USER_CRM'], 'mario.rossi');
    id = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: me })).json().data.id;
  });

  it('GET /api/user/profile/ answers username and email', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile/', headers: me })).json()).toEqual({
      data: { username: 'mario.rossi', email: 'mario.rossi@prova.it' },
    });
  });

  it("a user changes their own username and email, and no one else's", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: me,
      payload: { username: 'mario.rossi', email: 'm.rossi@rossinoleggi.it' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('m.rossi@rossinoleggi.it');
    const adminId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: admin })).json().data.id;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/users/${adminId}`,
          headers: me,
          payload: { username: 'preso', email: 'x@y.it' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('change password: every check of SPEC.md section 5, then the new password works', async () => {
    const change = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${id}/change-password`, headers: me, payload });
    const messageOf = async (payload: object) => (await change(payload)).json().violations?.[0]?.message;
    expect(await messageOf({ oldPassword: '', password: 'NuovaPass1!', confirmPassword: 'NuovaPass1!' })).toBe(
      'La vecchia password è obbligatoria',
    );
    expect(await messageOf({ oldPassword: 'sbagliata', password: 'NuovaPass1!', confirmPassword: 'NuovaPass1!' })).toBe(
      'La vecchia password non è corretta',
    );
    expect(
      await messageOf({ oldPassword: TEST_PASSWORD, password: 'NuovaPass1!', confirmPassword: 'Altra1234!' }),
    ).toBe('Le password non coincidono');
    expect(await messageOf({ oldPassword: TEST_PASSWORD, password: '', confirmPassword: '' })).toBe(
      'La password è obbligatoria',
    );
    expect(
      (await change({ oldPassword: TEST_PASSWORD, password: 'NuovaPass1!', confirmPassword: 'NuovaPass1!' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/login_check',
          payload: { username: 'mario.rossi', password: 'NuovaPass1!' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/login_check',
          payload: { username: 'mario.rossi', password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });
});
