import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXE, PDF, PNG, uploadForm } from '../../../../tests/helpers/sampleFiles.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let crm: { authorization: string };
let customerId = 0;
beforeAll(async () => {
  t = await testApp();
  crm = await t.as(['ROLE_USER_CRM']);
  customerId = Number(
    (
      await t.ctx
        .resource('Customer')
        .repo.create({ companyName: 'Edilizia Brambilla S.r.l.', vatNumber: '00743110157' })
    ).id,
  );
});
afterAll(() => t.close());

const upload = (form: FormData, headers = crm) =>
  t.app.inject({ method: 'POST', url: '/api/files', headers, payload: form });
const stored = () =>
  fs.existsSync(path.join(t.ctx.config.dataDir, 'files'))
    ? fs.readdirSync(path.join(t.ctx.config.dataDir, 'files'))
    : [];

describe('documents of a customer', () => {
  it('uploads a PDF and a PNG, lists, downloads and deletes them', async () => {
    const pdf = await upload(
      uploadForm(PDF, 'preventivo firmato.pdf', {
        entity: 'customer',
        entityId: customerId,
        description: 'Preventivo firmato',
      }),
    );
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().data).toMatchObject({
      entity: 'customer',
      entityId: customerId,
      description: 'Preventivo firmato',
      originalFilename: 'preventivo firmato.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
    });
    const png = await upload(uploadForm(PNG, 'foto.png', { entity: 'customer', entityId: customerId }));
    expect(png.json().data.mimeType).toBe('image/png');

    const list = (
      await t.app.inject({ method: 'GET', url: `/api/files?entity=customer&entityId=${customerId}`, headers: crm })
    ).json();
    expect(list.totalRows).toBe(2);
    const filename = pdf.json().data.filename as string;
    expect(filename).not.toContain('preventivo');

    const download = await t.app.inject({ method: 'GET', url: `/api/files/downloads/${filename}`, headers: crm });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain('preventivo%20firmato.pdf');

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/files/${pdf.json().data.id}`, headers: crm })).statusCode,
    ).toBe(204);
    expect(stored()).not.toContain(filename);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/downloads/${filename}`, headers: crm })).statusCode,
    ).toBe(404);
  });

  it('needs a token to download', async () => {
    const { filename } = (await upload(uploadForm(PDF, 'a.pdf', { entity: 'customer', entityId: customerId }))).json()
      .data;
    expect((await t.app.inject({ method: 'GET', url: `/api/files/downloads/${filename}` })).statusCode).toBe(401);
  });

  it('refuses a disguised file, an unknown owner, missing data and oversized files, storing nothing', async () => {
    const before = stored().length;
    const rowsBefore = (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "document"`)).rows[0]?.n;
    const exe = await upload(uploadForm(EXE, 'fattura.pdf', { entity: 'customer', entityId: customerId }));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().violations[0].message).toBe(
      'Tipo di file non ammesso: sono accettati png, jpg, jpeg, mp4, mov e pdf',
    );
    expect((await upload(uploadForm(PDF, 'a.pdf', { entity: 'customer', entityId: 99999 }))).statusCode).toBe(404);
    expect((await upload(uploadForm(PDF, 'a.pdf', { entity: 'fornitore', entityId: customerId }))).statusCode).toBe(
      400,
    );
    expect((await upload(uploadForm(PDF, 'a.pdf', 'non json'))).statusCode).toBe(400);
    const small = await testApp({});
    try {
      small.ctx.config.maxUploadBytes = 100;
      const h = await small.as(['ROLE_USER_CRM']);
      const id = (await small.ctx.resource('Customer').repo.create({ companyName: 'X', vatNumber: '00743110157' })).id;
      const big = await small.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: h,
        payload: uploadForm(PDF, 'a.pdf', { entity: 'customer', entityId: id }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('Il file è troppo grande');
    } finally {
      await small.close();
    }
    expect(stored().length).toBe(before);
    expect((await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "document"`)).rows[0]?.n).toBe(
      rowsBefore,
    );
  });

  it('does not let a file name climb out of the files folder', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '..', '%2Fetc%2Fpasswd', 'jwt-secret']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/downloads/${name}`, headers: crm });
      expect([400, 404]).toContain(res.statusCode);
    }
  });
});
