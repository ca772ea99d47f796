import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  url: string;
  stop(): void;
}

export const postgresAvailable = () => fs.existsSync(path.join(BIN, 'initdb'));

/** A throw-away PostgreSQL 15 cluster on 127.0.0.1 (as the postgres user when we are root). */
export function startPostgres(options: { port?: number; durable?: boolean } = {}): PostgresServer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-pg-'));
  const port = options.port ?? 20000 + Math.floor(Math.random() * 20000);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(BIN, cmd), args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=120${options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'}`;
  run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
