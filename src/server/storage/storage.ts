import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live (documents, pictures, negotiation attachments, acceptance
 * photos and signatures, signed offers), by key: a folder and a name, as `accettazioni/<uuid>.jpg`.
 * The default is a directory: the data directory, or STORAGE_DIR (a directory every server process
 * mounts, when there are several). An object store (S3 and the like) would implement the same calls.
 */
export interface Storage {
  /** Stores a new object; resolves once it is durable, so a row may name it; rejects when the key exists. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream, or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  has(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The key of a name stored in a folder; null when the name is not one (empty, or a path, maybe out of the folder). */
export function keyOf(folder: string, name: unknown): string | null {
  return typeof name === 'string' && NAME.test(name) ? `${folder}/${name}` : null;
}

/** Stores bytes under a new random name in a folder, durable before it resolves; returns the name. */
export async function putNew(storage: Storage, folder: string, bytes: Uint8Array, ext: string): Promise<string> {
  const name = `${randomUUID()}.${ext}`;
  await storage.put(`${folder}/${name}`, bytes);
  return name;
}

/** Removes the names from a folder (a row that was not stored, a file replaced). */
export async function deleteAll(storage: Storage, folder: string, names: Iterable<unknown>): Promise<void> {
  for (const name of names) {
    const key = keyOf(folder, typeof name === 'string' ? path.basename(name) : name);
    if (key) await storage.delete(key);
  }
}

const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/** Objects as files under a directory, each written, synced and closed before `put` resolves. */
export function directoryStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const handle = await fs.promises.open(file, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async get(key) {
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async stream(key) {
      try {
        return (await fs.promises.open(fileOf(key), 'r')).createReadStream();
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async has(key) {
      try {
        return (await fs.promises.stat(fileOf(key))).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
