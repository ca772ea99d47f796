import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, uploadForm } from '../../../tests/helpers/sampleFiles.ts';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import { loggableUrl } from './logging.ts';

const lines: string[] = [];
let t: TestApp;
let admin: { authorization: string };
let customerId = 0;
beforeAll(async () => {
  // The product's default logging (warnings and errors), captured.
  t = await testApp({ log: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  customerId = Number(
    (await t.ctx.resource('Customer').repo.create({ companyName: 'Impresa Rota S.p.A.', vatNumber: '00743110157' })).id,
  );
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]?.n;

describe('NUL bytes get 400 naming the field, never 500', () => {
  it('in a filter, a sort, a path and a JSON body', async () => {
    for (const url of ['/api/agents?filters[name]=a%00b', '/api/agents?sortBy=na%00me', '/api/agents/1%00']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode).toBe(400);
    }
    const filter = await t.app.inject({ method: 'GET', url: '/api/agents?filters[name]=a%00b', headers: admin });
    expect(filter.json().violations).toEqual([
      { field: 'filters.name', message: 'Il testo contiene caratteri non ammessi' },
    ]);
    const before = await count('agent');
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name":"Luca\\u0000 Verdi","code":"AG9"}',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().violations).toEqual([{ field: 'name', message: 'Il testo contiene caratteri non ammessi' }]);
    expect(await count('agent')).toBe(before);
  });

  it('in the login and the public offer code', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/login_check',
      payload: { username: 'ad\u0000min', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/public/login-api-from-client?code=%00' })).statusCode).toBe(400);
  });
});

describe('uploads', () => {
  const upload = (payload: FormData | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/files', headers: { ...admin, ...headers }, payload });

  it('a malformed multipart body is a 400 and stores nothing', async () => {
    const before = await count('document');
    const broken = await upload(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 tronc',
      {
        'content-type': 'multipart/form-data; boundary=x',
      },
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^[A-Z]/);
    const noBoundary = await upload('qualcosa', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    const twoFiles = uploadForm(PDF, 'a.pdf', { entity: 'customer', entityId: customerId });
    twoFiles.append('altro', new Blob([new Uint8Array(PDF)]), 'b.pdf');
    expect((await upload(twoFiles)).statusCode).toBe(400);
    expect(await count('document')).toBe(before);
  });

  it('takes the data part as JSON, as the contract says: a text field or a part of type application/json', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PDF)]), 'listino.pdf');
    form.append(
      'data',
      new Blob([JSON.stringify({ entity: 'customer', entityId: customerId, description: 'Listino' })], {
        type: 'application/json',
      }),
    );
    const res = await upload(form);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.description).toBe('Listino');
    expect((await upload(uploadForm(PDF, 'a.pdf', '{"entity":'))).statusCode).toBe(400);
  });

  it('stores and names a file by what it is, never by the extension the client gave it', async () => {
    const res = await upload(uploadForm(PDF, 'poly.html', { entity: 'customer', entityId: customerId }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.filename).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(data.originalFilename).toBe('poly.pdf');
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'files', data.filename))).toBe(true);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/downloads/${data.filename}`,
      headers: admin,
    });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''poly.pdf");
  });
});

describe('GET /api/users/gruppicrm filters only on what it shows', () => {
  it('refuses filters and sorts on roles, e-mail or other hidden fields', async () => {
    const supervisor = await t.as(['ROLE_SUPERVISOR_CP'], 'supervisore');
    for (const query of [
      'filters[roles]=ROLE_SUPER_ADMIN',
      'filters[email]=admin',
      'sortBy=email',
      'filters[active]=true',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/gruppicrm?${query}`, headers: supervisor });
      expect(res.statusCode).toBe(400);
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/users/gruppicrm?filters[username]=super&categoria=CRM',
      headers: supervisor,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('errors are always logged, structured, without secrets', () => {
  it('a refused request is logged as JSON with its status, never with the token or the password', async () => {
    lines.length = 0;
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.firma-segreta';
    await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({
      method: 'POST',
      url: '/login_check',
      payload: { username: 'nessuno', password: 'Segretissima-2025' },
      remoteAddress: '10.9.0.1',
    });
    await t.app.inject({ method: 'GET', url: `/hub?topic=/users/1&token=${token}` });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.map((l) => l.status)).toEqual([401, 401, 401]);
    expect(logged.every((l) => l.level === 40 && l.msg === 'request refused')).toBe(true);
    expect(logged.map((l) => l.url)).toEqual(['/api/users/me', '/login_check', '/hub?topic=/users/1&token=[nascosto]']);
    expect(logged[1]?.ip).toBe('10.9.0.1');
    expect(lines.join('\n')).not.toMatch(/firma-segreta|Segretissima/);
  });

  it('the URL in a log has its secrets replaced', () => {
    expect(loggableUrl('/hub?topic=/users/1&token=abc.def.ghi')).toBe('/hub?topic=/users/1&token=[nascosto]');
    expect(loggableUrl('/public/login-api-from-client?code=3q2-7wVn0b8Jk1xQeQp0AQxx')).toBe(
      '/public/login-api-from-client?code=[nascosto]',
    );
    expect(loggableUrl('/api/trattative-cp/confirm-offer/3q2-7wVn0b8Jk1xQeQp0AQxx')).toBe(
      '/api/trattative-cp/confirm-offer/[nascosto]',
    );
    expect(loggableUrl('/api/trattative-cp/12/save-offer-status-lost')).toBe(
      '/api/trattative-cp/12/save-offer-status-lost',
    );
  });
});
