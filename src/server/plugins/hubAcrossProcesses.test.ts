import { describe, expect, it, vi } from 'vitest';
import type { HubEvent } from '../../../generated/entities.ts';
import { TEST_PASSWORD, type TestApp } from '../../../tests/helpers/testApp.ts';
import { bearer, signInOn, twoProcesses, userIdOf } from '../../../tests/helpers/twoProcesses.ts';

// Two server processes on one database (on PostgreSQL two connections pools and two listeners; on
// PGlite the same in-process database): what one publishes, the other's subscribers hear.
const both = twoProcesses();

const me = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const idOf = (username: string) => userIdOf(both.a, username);

describe('the hub across server processes', () => {
  it('delivers an event published on one process once to each subscriber of every process', async () => {
    const heard = { a: [] as HubEvent[], b: [] as HubEvent[] };
    const stops = [
      both.a.ctx.hub.subscribe(['/contact-centre'], (e) => heard.a.push(e)),
      both.b.ctx.hub.subscribe(['/contact-centre'], (e) => heard.b.push(e)),
    ];
    try {
      await both.a.ctx.hub.publish('/contact-centre', { entity: 'missedCall', event: 'changed', userId: null });
      // The publisher's own subscribers have it when publish resolves; the other process soon after.
      expect(heard.a).toEqual([expect.objectContaining({ entity: 'missedCall', event: 'changed' })]);
      await vi.waitFor(() => expect(heard.b).toHaveLength(1));
      await both.b.ctx.hub.publish('/contact-centre', { entity: 'missedCall', event: 'changed', userId: 3 });
      await vi.waitFor(() => expect(heard.a).toHaveLength(2));
      expect(heard.b).toHaveLength(2);
      expect(heard.a.map((e) => e.userId)).toEqual([null, 3]);
      expect(heard.b.map((e) => e.userId)).toEqual([null, 3]);
    } finally {
      stops.forEach((stop) => stop());
    }
  });

  it('refuses loudly an event too big for a NOTIFY, and delivers nothing of it', async () => {
    const heard: HubEvent[] = [];
    const stop = both.b.ctx.hub.subscribe(['/users/1'], (e) => heard.push(e));
    try {
      await expect(
        both.a.ctx.hub.publish('/users/1', { entity: 'trattativaCp', event: 'updated', byName: 'x'.repeat(8000) }),
      ).rejects.toThrow(/bytes/);
      await both.a.ctx.hub.publish('/users/1', { entity: 'trattativaCp', event: 'updated' });
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect(heard[0]?.byName).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('a demotion made on one process refuses the user’s next request on the other at once, not after the cache expires', async () => {
    await both.a.as(['ROLE_USER_CRM'], 'altro.processo');
    const session = await signInOn(both.b, 'altro.processo');
    // The other process has the user's state in its cache now.
    expect((await me(both.b, session.token)).statusCode).toBe(200);
    const id = await idOf('altro.processo');
    const heard: HubEvent[] = [];
    const stop = both.b.ctx.hub.subscribe([`/users/${id}`], (e) => heard.push(e));
    try {
      const res = await both.a.app.inject({
        method: 'POST',
        url: `/api/users/${id}/force-logout`,
        headers: both.admin,
      });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(heard).toEqual([expect.objectContaining({ event: 'forced-logout', userId: id })]));
      expect((await me(both.b, session.token)).statusCode).toBe(401);
    } finally {
      stop();
    }
  });

  it('a password changed on one process ends the sessions the other holds in its cache (no forced logout pushed)', async () => {
    await both.a.as(['ROLE_USER_CRM'], 'cambia.altrove');
    const other = await signInOn(both.b, 'cambia.altrove');
    expect((await me(both.b, other.token)).statusCode).toBe(200);
    const mine = await signInOn(both.a, 'cambia.altrove');
    const id = await idOf('cambia.altrove');
    const res = await both.a.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/change-password`,
      headers: bearer(mine.token),
      payload: { oldPassword: TEST_PASSWORD, password: 'Cambiata2025!', confirmPassword: 'Cambiata2025!' },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await me(both.b, other.token)).statusCode).toBe(401));
  });
});
