import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { PDF, uploadForm } from '../../../tests/helpers/sampleFiles.ts';
import { emptyCluster, testApp } from '../../../tests/helpers/testApp.ts';
import { createDb } from '../db/createDb.ts';
import { deleteAll, directoryStorage, keyOf, NewFiles } from './storage.ts';

const roots: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-storage-'));
  roots.push(dir);
  return dir;
};
afterAll(() => roots.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the directory storage', () => {
  it('stages an object under a temporary name, publishes it to its key, reads, streams and deletes it', async () => {
    const root = tempDir();
    const storage = directoryStorage(root);
    const key = 'files/trattative/listino.pdf';
    await storage.stage(key, Buffer.from('listino noleggi'));
    // Staged: on disk and durable, but not the object yet.
    expect(fs.readdirSync(path.join(root, 'files/trattative'))).toEqual(['.listino.pdf.tmp']);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.list('files/trattative')).toEqual([
      { name: 'listino.pdf', temporary: true, ageMs: expect.any(Number) },
    ]);
    await expect(storage.stage(key, Buffer.from('altro'))).rejects.toMatchObject({ code: 'EEXIST' });

    await storage.publish([key]);
    expect(fs.readdirSync(path.join(root, 'files/trattative'))).toEqual(['listino.pdf']);
    expect((await storage.get(key))?.toString()).toBe('listino noleggi');
    const stream = await storage.stream(key);
    expect(stream && (await text(stream))).toBe('listino noleggi');
    expect(await storage.has(key)).toBe(true);
    // Only what is directly in the folder: the subfolder of the negotiations is not the documents' folder.
    const [listed] = await storage.list('files/trattative');
    expect(listed).toMatchObject({ name: 'listino.pdf', temporary: false });
    expect(listed?.ageMs).toBeLessThan(60_000);
    expect(await storage.list('files')).toEqual([]);
    expect(await storage.list('images')).toEqual([]);

    await deleteAll(storage, 'files/trattative', ['trattative/listino.pdf']);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    await storage.delete(key);
    expect(fs.readdirSync(path.join(root, 'files/trattative'))).toEqual([]);
  });

  it('never reaches out of its directory: names that are paths have no key, and such keys are refused', async () => {
    for (const name of ['../jwt-secret', 'a/b.pdf', '.hidden', '', null, 3]) expect(keyOf('files', name)).toBeNull();
    const storage = directoryStorage(tempDir());
    await expect(storage.get('files/../../etc/passwd')).rejects.toThrow(/not a storage key/);
    await expect(storage.stage('../fuori.pdf', Buffer.from('x'))).rejects.toThrow(/not a storage key/);
    await expect(storage.list('../')).rejects.toThrow(/not a storage folder/);
  });
});

describe('new files and the transaction that stores their records', () => {
  const db = async () => createDb({ snapshot: await emptyCluster() });
  const table = `CREATE TABLE doc (id serial PRIMARY KEY, name text NOT NULL)`;

  it('are in place once it commits, and under no name at all when it fails', async () => {
    const root = tempDir();
    const storage = directoryStorage(root);
    const d = await db();
    try {
      await d.query(table);
      const ok = new NewFiles(storage);
      const name = await ok.add('files', Buffer.from('contratto'), 'pdf');
      const row = await ok.commit(d, async (tx) => {
        // Inside the transaction the file is still temporary: nobody reads it by its key yet.
        expect(await storage.has(`files/${name}`)).toBe(false);
        return (await tx.query<{ id: number }>(`INSERT INTO doc (name) VALUES ($1) RETURNING id`, [name])).rows[0];
      });
      expect(row?.id).toBe(1);
      expect(fs.readdirSync(path.join(root, 'files'))).toEqual([name]);

      const failing = new NewFiles(storage);
      const lost = await failing.add('files', Buffer.from('preventivo'), 'pdf');
      await expect(
        failing.commit(d, async (tx) => {
          await tx.query(`INSERT INTO doc (name) VALUES ($1)`, [lost]);
          await failing.add('files', Buffer.from('firma'), 'png');
          throw new Error('salvataggio non riuscito');
        }),
      ).rejects.toThrow('salvataggio non riuscito');
      expect(fs.readdirSync(path.join(root, 'files'))).toEqual([name]);
      expect((await d.query(`SELECT name FROM doc`)).rows).toEqual([{ name }]);
    } finally {
      await d.close();
    }
  });

  it('a file that cannot be moved into place (gone meanwhile) rolls its records back', async () => {
    const root = tempDir();
    const storage = directoryStorage(root);
    const d = await db();
    try {
      await d.query(table);
      const files = new NewFiles(storage);
      const name = await files.add('files', Buffer.from('contratto'), 'pdf');
      fs.rmSync(path.join(root, 'files', `.${name}.tmp`));
      await expect(
        files.commit(d, (tx) => tx.query(`INSERT INTO doc (name) VALUES ($1)`, [name])),
      ).rejects.toMatchObject({ code: 'ENOENT' });
      expect((await d.query(`SELECT name FROM doc`)).rows).toEqual([]);
    } finally {
      await d.close();
    }
  });
});

describe('the directory storage of a server', () => {
  it('keeps uploads in STORAGE_DIR when one is set, outside the data directory', async () => {
    const storageDir = tempDir();
    const t = await testApp({ storageDir });
    try {
      const crm = await t.as(['ROLE_USER_CRM']);
      const { id } = await t.ctx.resource('Customer').repo.create({ companyName: 'Scavi Orobici S.r.l.' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: crm,
        payload: uploadForm(PDF, 'contratto.pdf', { entity: 'customer', entityId: Number(id) }),
      });
      expect(res.statusCode).toBe(201);
      const filename = res.json().data.filename as string;
      expect(fs.readdirSync(path.join(storageDir, 'files'))).toEqual([filename]);
      expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'files'))).toBe(false);
      const download = await t.app.inject({ method: 'GET', url: `/api/files/downloads/${filename}`, headers: crm });
      expect(download.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
