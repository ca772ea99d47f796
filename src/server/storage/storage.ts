import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Db, Transaction } from '../db/Db.ts';

/** An object of a folder as the start's sweep sees it. */
export interface StoredObject {
  /** Its name in the folder; for a temporary object, the name it would have had. */
  name: string;
  /** Written by an upload that has not committed (yet, or ever). */
  temporary: boolean;
  /** Since it was written or moved into place, by the storage's own clock. */
  ageMs: number;
}

/**
 * Where uploaded and generated files live (documents, pictures, negotiation attachments, acceptance
 * photos and signatures, signed offers), by key: a folder and a name, as `accettazioni/<uuid>.jpg`.
 * The default is a directory: the data directory, or STORAGE_DIR (a directory every server process
 * mounts, when there are several). An object store (S3 and the like) would implement the same calls.
 *
 * A new object is written under a temporary name (`stage`) and moved to its key (`publish`) by the
 * transaction that stores the record naming it, as its last step: `NewFiles` below does both.
 */
export interface Storage {
  /** Writes a new object under a temporary name beside key, durable once it resolves; not readable by key yet. */
  stage(key: string, bytes: Uint8Array): Promise<void>;
  /** Moves staged objects to their keys, durably; their age starts again (the sweep counts from here). */
  publish(keys: readonly string[]): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream, or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  has(key: string): Promise<boolean>;
  /** Removes the object and its temporary copy, if any; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** The objects directly in a folder (not in its subfolders), temporary ones included. */
  list(folder: string): Promise<StoredObject[]>;
}

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const FOLDER = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** The key of a name stored in a folder; null when the name is not one (empty, or a path, maybe out of the folder). */
export function keyOf(folder: string, name: unknown): string | null {
  return typeof name === 'string' && NAME.test(name) ? `${folder}/${name}` : null;
}

/** Removes the names from a folder (a row that was not stored, a file replaced). */
export async function deleteAll(storage: Storage, folder: string, names: Iterable<unknown>): Promise<void> {
  for (const name of names) {
    const key = keyOf(folder, typeof name === 'string' ? path.basename(name) : name);
    if (key) await storage.delete(key);
  }
}

/**
 * The files of records about to be stored. Each is written under a temporary name (`add`); the transaction
 * that stores the records moves them into place as its last step, right before its COMMIT (`commit`), and
 * when it fails they are removed. A crash leaves at most temporary files, or files in place that no record
 * names (killed between the move and the COMMIT): the sweep at start removes both (`sweep.ts`).
 */
export class NewFiles {
  private readonly keys: string[] = [];
  private published = false;

  private readonly storage: Storage;
  constructor(storage: Storage) {
    this.storage = storage;
  }

  /** Writes bytes under a new random name in folder (durable, not yet in place); resolves to that name. */
  async add(folder: string, bytes: Uint8Array, ext: string): Promise<string> {
    const name = `${randomUUID()}.${ext}`;
    const key = `${folder}/${name}`;
    this.keys.push(key);
    await this.storage.stage(key, bytes);
    return name;
  }

  /**
   * Runs fn in one transaction of db whose last step moves the files into place: they are there under their
   * names if it commits, and removed if it fails. fn may add files too.
   */
  async commit<T>(db: Db, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const result = await fn(tx);
        await this.storage.publish(this.keys);
        this.published = true;
        return result;
      });
    } catch (err) {
      // Failed after the move, the COMMIT itself failed: a lost connection may still have committed it,
      // so the files stay, and the sweep keeps them if a record names them.
      if (!this.published) await this.discard();
      throw err;
    }
  }

  /** Removes the files, in place or not: the records were not stored after all. */
  async discard(): Promise<void> {
    for (const key of this.keys) await this.storage.delete(key);
  }
}

const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/** Objects as files under a directory; a staged one is `.<name>.tmp` in its folder (no key starts with a dot). */
export function directoryStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key);
  };
  const tempOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  const syncDir = async (dir: string) => {
    const handle = await fs.promises.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  return {
    async stage(key, bytes) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = tempOf(file);
      const handle = await fs.promises.open(temp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (err) {
        await fs.promises.rm(temp, { force: true });
        throw err;
      } finally {
        await handle.close();
      }
    },
    async publish(keys) {
      const dirs = new Set<string>();
      for (const key of keys) {
        const file = fileOf(key);
        const temp = tempOf(file);
        // Touched first, so that a sweep never finds it in place and already old.
        const now = new Date();
        await fs.promises.utimes(temp, now, now);
        await fs.promises.rename(temp, file);
        dirs.add(path.dirname(file));
      }
      // The renames themselves on disk before the COMMIT that makes records name them.
      for (const dir of dirs) await syncDir(dir);
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
      const file = fileOf(key);
      await fs.promises.rm(file, { force: true });
      await fs.promises.rm(tempOf(file), { force: true });
    },
    async list(folder) {
      if (!FOLDER.test(folder)) throw new Error(`not a storage folder: ${folder}`);
      const dir = path.join(root, folder);
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (missing(err)) return [];
        throw err;
      }
      // Ages by the file system's clock (a shared mount's server), not this machine's: a file just written.
      const probe = path.join(dir, `.clock-${randomUUID()}.tmp`);
      await fs.promises.writeFile(probe, '');
      const now = (await fs.promises.stat(probe)).mtimeMs;
      await fs.promises.rm(probe, { force: true });
      const objects: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const temporary = /^\.(.+)\.tmp$/.exec(entry.name);
        const name = temporary ? (temporary[1] ?? '') : entry.name;
        if (!NAME.test(name)) continue;
        try {
          const { mtimeMs } = await fs.promises.stat(path.join(dir, entry.name));
          objects.push({ name, temporary: !!temporary, ageMs: now - mtimeMs });
        } catch (err) {
          if (!missing(err)) throw err;
        }
      }
      return objects;
    },
  };
}
