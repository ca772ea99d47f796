import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is a single-process database: two server processes on one data directory each keep their own
 * copy of it in memory and overwrite each other's files, so one's records vanish at the next start. The
 * first process to open the directory holds this file, with its process id, until it stops.
 */
export const LOCK_FILE = 'server.lock';

/** A takeover of a dead owner's lock takes milliseconds: a guard older than this was left by a crash. */
const GUARD_STALE_MS = 10_000;
const TAKEOVER_TIMEOUT_MS = 5_000;

interface Owner {
  pid: number;
  host: string;
  /** The kernel's boot id: another one means the machine restarted and the owner with it. */
  bootId: string | null;
  /** When the process started, in the kernel's clock ticks: tells the owner from a later process with the same id. */
  startTicks: string | null;
  startedAt: string;
  token: string;
}

/** Thrown when another live process holds the data directory: its message is the line the start prints. */
export class DataDirInUse extends Error {
  readonly pid: number;
  constructor(message: string, pid: number) {
    super(message);
    this.name = 'DataDirInUse';
    this.pid = pid;
  }
}

const readText = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat; null where there is no /proc or no such process. */
function procStat(pid: number): { state: string; startTicks: string } | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTicks: fields[19] ?? '' };
}

function readOwner(file: string): Owner | null {
  const text = readText(file);
  if (text === null) return null;
  try {
    const owner = JSON.parse(text) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.token === 'string'
      ? (owner as Owner)
      : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock still runs: 'elsewhere' when it is on another machine and cannot be told. */
function ownerState(owner: Owner): 'alive' | 'dead' | 'elsewhere' {
  if (owner.host !== os.hostname()) return 'elsewhere';
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return 'dead';
  // Our own id in a lock this process does not hold (a restarted container reuses low ids).
  if (owner.pid === process.pid) return 'dead';
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return 'dead';
  }
  const stat = procStat(owner.pid);
  // A zombie (killed, not yet reaped by its parent) still answers kill(pid, 0).
  if (stat && (stat.state === 'Z' || stat.state === 'X')) return 'dead';
  return owner.startTicks && stat && stat.startTicks !== owner.startTicks ? 'dead' : 'alive';
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'Europe/Rome',
  });

function inUse(dataDir: string, file: string, owner: Owner, elsewhere: boolean): DataDirInUse {
  const who = `dal processo ${owner.pid}${elsewhere ? ` sul computer «${owner.host}»` : ''}, avviato il ${when(owner.startedAt)}`;
  return new DataDirInUse(
    `La cartella dei dati ${dataDir} è già in uso ${who}: il database incorporato (PGlite) ammette un solo processo. ` +
      'Fermare quel processo, oppure, per più processi, usare PostgreSQL con DATABASE_URL ' +
      '(README, «Running several server processes»).' +
      (elsewhere ? ` Se quel processo non è più in esecuzione, cancellare ${file}.` : ''),
    owner.pid,
  );
}

/** Creates the lock file with its whole content at once, or fails with EEXIST: link() never replaces a file. */
function create(file: string, owner: Owner): boolean {
  const own = `${file}.${owner.token}`;
  fs.writeFileSync(own, JSON.stringify(owner), { mode: 0o644 });
  try {
    fs.linkSync(own, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(own, { force: true });
  }
}

/**
 * Removes the lock of a dead owner, but only the one judged dead: under a guard directory, so that of
 * several processes finding it at once, one removes it and the others find the winner's lock instead.
 * Resolves false when another process is taking over meanwhile (try again).
 */
async function removeDead(file: string, dead: Owner | null): Promise<boolean> {
  const guard = `${file}.takeover`;
  try {
    fs.mkdirSync(guard);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > GUARD_STALE_MS) fs.rmSync(guard, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 20));
    return false;
  }
  try {
    const current = readOwner(file);
    if (current?.token === dead?.token) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
  return true;
}

/** Data directories this process holds, so that a second app in one process is refused too. */
const held = new Set<string>();

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still this process's; nothing happens the second time. */
  release(): void;
}

/**
 * Takes the data directory for this process, or throws DataDirInUse naming the live process that holds it.
 * A lock left by a process that is gone (kill -9, a crash, a restarted machine) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const key = fs.realpathSync(dir);
  const mine: Owner = {
    pid: process.pid,
    host: os.hostname(),
    bootId: bootId(),
    startTicks: procStat(process.pid)?.startTicks ?? null,
    startedAt: new Date().toISOString(),
    token: randomUUID(),
  };
  if (held.has(key)) throw inUse(dir, file, mine, false);
  const deadline = Date.now() + TAKEOVER_TIMEOUT_MS;
  while (!create(file, mine)) {
    const owner = readOwner(file);
    // A file we cannot read as a lock was not written by a server (ours is complete from its first byte).
    const state = owner ? ownerState(owner) : 'dead';
    if (owner && state !== 'dead') throw inUse(dir, file, owner, state === 'elsewhere');
    if (!(await removeDead(file, owner)) && Date.now() > deadline)
      throw new Error(`${file}: un altro processo sta prendendo la cartella dei dati; riprovare`);
  }
  held.add(key);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(key);
    process.removeListener('exit', release);
    if (readOwner(file)?.token === mine.token) fs.rmSync(file, { force: true });
  };
  process.once('exit', release);
  return { file, release };
}
