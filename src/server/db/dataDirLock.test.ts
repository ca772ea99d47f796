import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_FILE, lockDataDir } from './dataDirLock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A process that stays alive until killed. */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

const ticksOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
};
const onLinux = fs.existsSync('/proc/self/stat');

/** A lock file as another process would have written it. */
function writeLock(dir: string, owner: Partial<Record<string, unknown>>) {
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      host: os.hostname(),
      bootId: onLinux ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : null,
      startedAt: '2026-11-26T08:00:00.000Z',
      token: 'altro',
      ...owner,
    }),
  );
}

describe('the data directory lock (one process per embedded database)', () => {
  it('is held until released; a second app of the same process is refused too', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUse);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    (await lockDataDir(dir)).release();
    // Only the lock file is left behind by nothing: no temporary file, no guard.
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a live owner is never taken over, and the refusal says which process holds it and how to run several', async () => {
    const dir = tempDir();
    const owner = sleeper();
    const pid = owner.pid as number;
    writeLock(dir, { pid, startTicks: onLinux ? ticksOf(pid) : null });
    const refusal = await lockDataDir(dir).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(DataDirInUse);
    expect((refusal as DataDirInUse).pid).toBe(pid);
    expect((refusal as Error).message).toBe(
      `La cartella dei dati ${dir} è già in uso dal processo ${pid}, avviato il 26/11/2026, 09:00:00: il database ` +
        'incorporato (PGlite) ammette un solo processo. Fermare quel processo, oppure, per più processi, usare ' +
        'PostgreSQL con DATABASE_URL (README, «Running several server processes»).',
    );
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid, token: 'altro' });

    // Once it is gone (kill -9: the file stays), the next start takes the folder over.
    owner.kill('SIGKILL');
    await exited(owner);
    const lock = await lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it.runIf(onLinux)(
    'a process id reused by another process does not keep the lock (its start time differs)',
    async () => {
      const dir = tempDir();
      const other = sleeper();
      writeLock(dir, { pid: other.pid, startTicks: '1' });
      const lock = await lockDataDir(dir);
      lock.release();
    },
  );

  it.runIf(onLinux)('a killed owner not yet reaped by its parent (a zombie) is gone', async () => {
    const dir = tempDir();
    // The shell becomes `sleep 30`, which never reaps the child it had started: that child stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent);
    const pid = Number(
      await new Promise<string>((resolve) => parent.stdout?.once('data', (c: Buffer) => resolve(String(c)))),
    );
    const ticks = ticksOf(pid);
    await expect.poll(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
    writeLock(dir, { pid, startTicks: ticks });
    (await lockDataDir(dir)).release();
  });

  it('a lock of our own process id that this process does not hold (a restarted container) is stale', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.pid, startTicks: null });
    (await lockDataDir(dir)).release();
  });

  it('a lock of another machine is not guessed at: refused, saying which file to remove if that process is gone', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: 4242, host: 'server-magazzino', startTicks: null });
    await expect(lockDataDir(dir)).rejects.toThrow(
      new RegExp(`dal processo 4242 sul computer «server-magazzino».*cancellare ${path.join(dir, LOCK_FILE)}\\.$`),
    );
  });

  it('a file that is no lock of ours (empty, garbage) is replaced', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '');
    (await lockDataDir(dir)).release();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    (await lockDataDir(dir)).release();
  });

  it('of several processes finding a dead owner at once, exactly one takes over; the others name it', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await exited(dead);
    writeLock(dir, { pid: dead.pid, startTicks: null });
    const go = path.join(dir, 'go');
    const script = `
      import fs from 'node:fs';
      import { lockDataDir } from ${JSON.stringify(path.resolve('src/server/db/dataDirLock.ts'))};
      console.log('ready');
      while (!fs.existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 2));
      // All at the same instant, as the parent set it: waiting by spinning, for at most a fraction of a second.
      const at = Number(fs.readFileSync(${JSON.stringify(go)}, 'utf8'));
      while (Date.now() < at);
      try { await lockDataDir(${JSON.stringify(dir)}); console.log('won ' + process.pid); setInterval(() => {}, 1000); }
      catch (err) { console.log('refused ' + err.pid); process.exit(0); }`;
    const racers = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let out = '';
      const ready = new Promise<void>((resolve) =>
        child.stdout?.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('ready')) resolve();
        }),
      );
      return { child, ready, result: () => out.replace('ready', '').trim() };
    });
    await Promise.all(racers.map((r) => r.ready));
    fs.writeFileSync(`${go}.tmp`, String(Date.now() + 300));
    fs.renameSync(`${go}.tmp`, go);
    await expect.poll(() => racers.every((r) => r.result() !== ''), { timeout: 30_000 }).toBe(true);
    const results = racers.map((r) => r.result());
    const winners = results.filter((r) => r.startsWith('won '));
    expect(winners).toHaveLength(1);
    const winner = winners[0]?.slice(4);
    expect(results.filter((r) => r === `refused ${winner}`)).toHaveLength(5);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: Number(winner) });
  });
});
