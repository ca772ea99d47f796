import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXE, PDF, PNG } from '../../../../tests/helpers/sampleFiles.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

const LIMIT = 64 * 1024;
let t: TestApp;
let anna: { authorization: string };
let bruno: { authorization: string };
let id = 0;

beforeAll(async () => {
  t = await testApp({ maxUploadBytes: LIMIT });
  anna = await t.as(['ROLE_USER_CP'], 'anna');
  bruno = await t.as(['ROLE_USER_CP'], 'bruno');
  id = (
    await t.app.inject({
      method: 'POST',
      url: '/api/trattative_cp',
      headers: anna,
      payload: { ragioneSociale: 'Edilizia Brambilla S.r.l.' },
    })
  ).json().data.id;
});
afterAll(() => t.close());

type Part = [name: string, value: string] | [name: string, file: Buffer, filename: string];
function form(parts: Part[]): FormData {
  const f = new FormData();
  for (const [name, value, filename] of parts)
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)]), filename);
  return f;
}
const upload = (parts: Part[], headers = anna) =>
  t.app.inject({ method: 'POST', url: '/api/trattativa_cp_allegato', headers, payload: form(parts) });
const allegati = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/trattative_cp/${id}`, headers: anna })).json().data.allegati as {
    id: number;
    descrizione: string;
    file: string;
    path: string;
  }[];
const dir = () => path.join(t.ctx.config.dataDir, 'files', 'trattative');
const onDisk = () => (fs.existsSync(dir()) ? fs.readdirSync(dir()).sort() : []);

describe('attachments of a negotiation', () => {
  it('uploads two files with a description each, downloads them, renames one and deletes the other', async () => {
    const res = await upload([
      ['trattativaCpId', String(id)],
      ['file-0', PDF, 'offerta firmata.pdf'],
      ['descrizione-0', 'Offerta firmata'],
      ['file-1', PNG, 'cantiere.png'],
      ['descrizione-1', 'Foto del cantiere'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [pdf, png] = res.json().data;
    expect([pdf, png]).toMatchObject([
      { descrizione: 'Offerta firmata', file: 'offerta firmata.pdf' },
      { descrizione: 'Foto del cantiere', file: 'cantiere.png' },
    ]);
    expect(await allegati()).toEqual(res.json().data);
    expect(onDisk()).toHaveLength(2);

    const got = await t.app.inject({ method: 'GET', url: `/api/trattativa_cp_allegato/${pdf.id}`, headers: anna });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);

    const renamed = await upload([
      ['trattativaCpId', String(id)],
      ['id-0', String(png.id)],
      ['descrizione-0', 'Cantiere, ingresso nord'],
    ]);
    expect(renamed.json().data[1]).toMatchObject({
      id: png.id,
      descrizione: 'Cantiere, ingresso nord',
      path: png.path,
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/trattativa_cp_allegato/${pdf.id}`,
      headers: anna,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await allegati()).map((a) => a.id)).toEqual([png.id]);
    expect(onDisk()).toEqual([path.basename(png.path)]);
  });

  it('refuses a file of a refused type or too large, naming it, and stores nothing', async () => {
    const before = await allegati();
    const files = onDisk();
    const exe = await upload([
      ['trattativaCpId', String(id)],
      ['file-0', PDF, 'buono.pdf'],
      ['descrizione-0', 'Buono'],
      ['file-1', EXE, 'fattura.pdf'],
      ['descrizione-1', 'Finto PDF'],
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().violations).toEqual([
      {
        field: 'file-1',
        message: 'fattura.pdf: Tipo di file non ammesso: sono accettati png, jpg, jpeg, mp4, mov e pdf',
      },
    ]);
    const big = await upload([
      ['trattativaCpId', String(id)],
      ['file-0', Buffer.concat([PDF, Buffer.alloc(LIMIT)]), 'grande.pdf'],
      ['descrizione-0', 'Troppo grande'],
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Il file è troppo grande');
    expect(await allegati()).toEqual(before);
    expect(onDisk()).toEqual(files);
  });

  it('twentyOneAttachmentsGetTheLimitMessage: 21 files at once are refused naming the limit, nothing stored', async () => {
    // A negotiation of its own: the other cases count this one's attachments.
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/trattative_cp',
        headers: anna,
        payload: { ragioneSociale: 'Impresa Rota Costruzioni S.p.A.' },
      })
    ).json().data.id as number;
    const files = onDisk();
    const parts: Part[] = [['trattativaCpId', String(other)]];
    for (let i = 0; i < 21; i++) parts.push([`file-${i}`, PNG, `foto-${i}.png`], [`descrizione-${i}`, `Foto ${i}`]);
    const res = await upload(parts);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([
      { field: 'file', message: 'Si possono caricare al massimo 20 file per volta: gli altri in un secondo invio' },
    ]);
    const stored = await t.app.inject({ method: 'GET', url: `/api/trattative_cp/${other}`, headers: anna });
    expect(stored.json().data.allegati).toEqual([]);
    expect(onDisk()).toEqual(files);
    // Twenty is the limit, not past it.
    const twenty = await upload(parts.slice(0, 1 + 2 * 20));
    expect(twenty.statusCode, twenty.body).toBe(201);
    expect(twenty.json().data).toHaveLength(20);
  });

  it('answers 404 to someone who does not see the negotiation, for upload, download and delete', async () => {
    const [first] = await allegati();
    const upl = await upload(
      [
        ['trattativaCpId', String(id)],
        ['file-0', PDF, 'x.pdf'],
        ['descrizione-0', 'x'],
      ],
      bruno,
    );
    expect(upl.statusCode).toBe(404);
    for (const method of ['GET', 'DELETE'] as const)
      expect(
        (await t.app.inject({ method, url: `/api/trattativa_cp_allegato/${first?.id}`, headers: bruno })).statusCode,
      ).toBe(404);
    expect(await allegati()).toHaveLength(1);
  });
});
