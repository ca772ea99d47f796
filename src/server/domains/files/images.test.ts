import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, PNG, uploadForm } from '../../../../tests/helpers/sampleFiles.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
let id = 0;
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_ADMIN']);
  id = Number(
    (await t.ctx.resource('GruppoRisorse').repo.create({ resourceGroup: 'PLT-IMG', description: 'Piattaforma 12 m' }))
      .id,
  );
});
afterAll(() => t.close());

const images = () => fs.readdirSync(path.join(t.ctx.config.dataDir, 'images'));
const put = (form: FormData, headers = admin, target = id) =>
  t.app.inject({ method: 'PUT', url: `/api/gruppi-risorse/${target}/image`, headers, payload: form });

describe('the picture of a resource group', () => {
  it('uploads, shows, replaces (removing the old file) and needs the right roles', async () => {
    const first = await put(uploadForm(PNG, 'piattaforma.png'));
    expect(first.statusCode).toBe(200);
    const record = first.json().data;
    expect(record.image).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(record.version).toBe(2);

    const crm = await t.as(['ROLE_USER_CRM']);
    const shown = await t.app.inject({ method: 'GET', url: `/api/gruppi-risorse/${id}/image`, headers: crm });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    expect((await put(uploadForm(PNG, 'x.png'), crm)).statusCode).toBe(403);

    const second = await put(uploadForm(PNG, 'nuova.png'));
    expect(second.json().data.image).not.toBe(record.image);
    expect(images()).toEqual([second.json().data.image]);
  });

  it('refuses what is not a png or jpeg, and an unknown record, changing nothing', async () => {
    const before = (await t.ctx.resource('GruppoRisorse').repo.raw(id))?.image;
    const pdf = await put(uploadForm(PDF, 'foto.png'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().violations).toEqual([
      { field: 'file', message: 'Tipo di file non ammesso: sono accettate immagini png, jpg e jpeg' },
    ]);
    expect((await put(uploadForm(PNG, 'a.png'), admin, 99999)).statusCode).toBe(404);
    expect((await t.ctx.resource('GruppoRisorse').repo.raw(id))?.image).toBe(before);
    expect(images()).toEqual([before]);
  });

  it('answers 404 when a record has no picture', async () => {
    const other = (await t.ctx.resource('FamigliaGruppoRisorse').repo.create({ description: 'Piattaforme' })).id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/famiglie-gruppi-risorse/${other}/image`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });
});
