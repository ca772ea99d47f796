import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { PDF, uploadForm } from '../../../tests/helpers/sampleFiles.ts';
import { testApp } from '../../../tests/helpers/testApp.ts';
import { deleteAll, directoryStorage, keyOf, putNew } from './storage.ts';

const roots: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-storage-'));
  roots.push(dir);
  return dir;
};
afterAll(() => roots.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the directory storage', () => {
  it('puts, reads, streams and deletes an object by key; a second put on the same key is refused', async () => {
    const root = tempDir();
    const storage = directoryStorage(root);
    const name = await putNew(storage, 'files/trattative', Buffer.from('listino noleggi'), 'pdf');
    const key = `files/trattative/${name}`;
    expect(fs.readFileSync(path.join(root, key), 'utf8')).toBe('listino noleggi');
    expect((await storage.get(key))?.toString()).toBe('listino noleggi');
    const stream = await storage.stream(key);
    expect(stream && (await text(stream))).toBe('listino noleggi');
    expect(await storage.has(key)).toBe(true);
    await expect(storage.put(key, Buffer.from('altro'))).rejects.toMatchObject({ code: 'EEXIST' });
    await deleteAll(storage, 'files/trattative', [`trattative/${name}`]);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    await storage.delete(key);
  });

  it('never reaches out of its directory: names that are paths have no key, and such keys are refused', async () => {
    for (const name of ['../jwt-secret', 'a/b.pdf', '.hidden', '', null, 3]) expect(keyOf('files', name)).toBeNull();
    const storage = directoryStorage(tempDir());
    await expect(storage.get('files/../../etc/passwd')).rejects.toThrow(/not a storage key/);
    await expect(storage.put('../fuori.pdf', Buffer.from('x'))).rejects.toThrow(/not a storage key/);
  });

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
