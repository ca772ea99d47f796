import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import { MODULES } from '../app.ts';
import { directoryStorage } from './storage.ts';
import { namedBy, OWNER_KEY, sweepStorage, type StoredFiles } from './sweep.ts';

const roots: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sweep-'));
  roots.push(dir);
  return dir;
};
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await t.ctx.db.query(`CREATE TABLE "sweepDoc" (name text)`);
});
afterAll(async () => {
  await t.close();
  roots.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

const HOUR = 3600_000;
/** A file written `ageMs` ago. */
function file(root: string, key: string, ageMs = HOUR) {
  const f = path.join(root, key);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, key);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(f, when, when);
}
const filesIn = (root: string, folder: string) =>
  fs
    .readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();

const documents: StoredFiles = { folder: 'files', referenced: namedBy(`SELECT name FROM "sweepDoc"`) };

describe('the sweep of the storage', () => {
  it('removes temporary files and files no record names, older than the age; leaves everything else', async () => {
    const root = tempDir();
    await t.ctx.db.query(`INSERT INTO "sweepDoc" VALUES ('contratto.pdf'), ('files/legacy.pdf')`);
    file(root, 'files/contratto.pdf');
    file(root, 'files/legacy.pdf');
    file(root, 'files/orfano.pdf');
    file(root, 'files/.interrotto.pdf.tmp');
    // Younger than the age: maybe an upload of another process about to commit.
    file(root, 'files/recente.pdf', 1000);
    file(root, 'files/.in-corso.pdf.tmp', 1000);
    // A subfolder is its own folder, and a folder nobody declares is never swept.
    file(root, 'files/trattative/allegato.pdf');
    file(root, 'altro/qualcosa.pdf');

    const result = await sweepStorage(t.ctx.db, directoryStorage(root), [documents], { minAgeMs: 60_000 });
    expect(result.removed.sort()).toEqual(['files/.interrotto.pdf.tmp', 'files/orfano.pdf']);
    expect(filesIn(root, 'files')).toEqual(['.in-corso.pdf.tmp', 'contratto.pdf', 'legacy.pdf', 'recente.pdf']);
    expect(filesIn(root, 'files/trattative')).toEqual(['allegato.pdf']);
    expect(filesIn(root, 'altro')).toEqual(['qualcosa.pdf']);
    // The storage now says which database it belongs to.
    expect(fs.readFileSync(path.join(root, OWNER_KEY), 'utf8').trim()).toMatch(/^[0-9a-f-]{36}$/);

    // With no age (the embedded database's own folder at start), the young orphans go too.
    await sweepStorage(t.ctx.db, directoryStorage(root), [documents], { minAgeMs: 0 });
    expect(filesIn(root, 'files')).toEqual(['contratto.pdf', 'legacy.pdf']);
  });

  it("never deletes another database's files: a storage that names another database is left as it is", async () => {
    const root = tempDir();
    file(root, OWNER_KEY);
    fs.writeFileSync(path.join(root, OWNER_KEY), 'un-altro-database\n');
    file(root, 'files/orfano.pdf');
    const result = await sweepStorage(t.ctx.db, directoryStorage(root), [documents], { minAgeMs: 0 });
    expect(result.removed).toEqual([]);
    expect(result.skipped).toMatch(/appartiene a un altro database \(meta\/database-id\.txt: un-altro-database/);
    expect(filesIn(root, 'files')).toEqual(['orfano.pdf']);
  });

  it('with several processes on one database, one of them sweeps in each period', async () => {
    await t.ctx.db.query(`UPDATE "storageSweep" SET "sweptAt" = NULL`);
    const root = tempDir();
    file(root, 'files/orfano.pdf');
    file(root, 'files/altro-orfano.pdf');
    const [first, second] = await Promise.all(
      [0, 1].map(() => sweepStorage(t.ctx.db, directoryStorage(root), [documents], { minAgeMs: 0, everyMs: HOUR })),
    );
    expect([first?.removed.length, second?.removed.length].sort()).toEqual([0, 2]);
    file(root, 'files/dopo.pdf');
    expect(
      (await sweepStorage(t.ctx.db, directoryStorage(root), [documents], { minAgeMs: 0, everyMs: HOUR })).removed,
    ).toEqual([]);
    expect(filesIn(root, 'files')).toEqual(['dopo.pdf']);
  });

  it('keeps every file a record of the product names, in each folder its modules write', async () => {
    const root = tempDir();
    const q = (sql: string, params: unknown[] = []) => t.ctx.db.query(sql, params);
    await q(`INSERT INTO document (entity, "entityId", file, filename) VALUES ('customer', 1, 'doc.pdf', 'doc.pdf')`);
    const pictured = [...t.ctx.resources.values()].find((r) => r.model.byName.has('image'));
    expect(pictured).toBeDefined();
    await q(`INSERT INTO "${pictured?.model.table}" (image) VALUES ('images/foto.png')`);
    const negotiation = await q(
      `INSERT INTO "trattativaCp" ("ragioneSociale", allegati) VALUES ('Edilizia Brambilla', $1::jsonb) RETURNING id`,
      [JSON.stringify([{ id: 1, path: 'trattative/allegato.pdf', descrizione: 'Listino', file: 'Listino.pdf' }])],
    );
    await q(
      `INSERT INTO "offertaClienteAccettazione" ("trattativaCpId", numero, hash, "accettataIl", firmatario, indirizzo,
         browser, prezzi, "pdfPath", "pdfSha256") VALUES ($1, 'OFF-1', 'h', now(), 'Paolo', '127.0.0.1', 'x', '{}', 'firmata.pdf', 's')`,
      [negotiation.rows[0]?.id],
    );
    await q(`INSERT INTO "accettazioneMezzo" (foto, firma) VALUES ('["foto1.jpg", "foto2.jpg"]', 'firma.png')`);
    await q(`INSERT INTO "accettazioneMezzoFotoCaricata" (sha256, "creatoDa", file) VALUES ('abc', 1, 'attesa.jpg')`);
    await q(
      `INSERT INTO "importJob" (resource, "userId", "fileName", "fileKey", kind, columns, sample, mapping, status)
         VALUES ('customer', 1, 'clienti.xlsx', 'clienti.xlsx', '"xlsx"', '[]', '[]', '[]', 'caricato')`,
    );
    await q(
      `INSERT INTO "${t.ctx.resource('InvioBrochure').model.table}" (description, "pdfFile") VALUES ('Piattaforme', 'volantino.pdf')`,
    );
    const kept: Record<string, string[]> = {
      brochure: ['volantino.pdf'],
      files: ['doc.pdf'],
      images: ['foto.png'],
      'files/trattative': ['allegato.pdf'],
      'files/offerte-firmate': ['firmata.pdf'],
      accettazioni: ['attesa.jpg', 'firma.png', 'foto1.jpg', 'foto2.jpg'],
      imports: ['clienti.xlsx'],
    };
    for (const [folder, names] of Object.entries(kept)) {
      for (const name of names) file(root, `${folder}/${name}`);
      file(root, `${folder}/orfano.bin`);
      file(root, `${folder}/.interrotto.bin.tmp`);
    }
    const folders = MODULES.flatMap((m) => m.files?.(t.ctx) ?? []);
    expect(folders.map((f) => f.folder).sort()).toEqual(Object.keys(kept).sort());
    const result = await sweepStorage(t.ctx.db, directoryStorage(root), folders, { minAgeMs: 0 });
    expect(result.removed).toHaveLength(2 * Object.keys(kept).length);
    for (const [folder, names] of Object.entries(kept)) expect(filesIn(root, folder)).toEqual(names);
  });
});
