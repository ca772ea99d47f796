import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startPostgres, type PostgresServer } from '../../scripts/lib/postgresServer.ts';
import { startProcess, type Started } from '../helpers/startProcess.ts';
import { freePort } from '../helpers/freePort.ts';
import { SERVER_COMMAND, SERVER_READY } from '../helpers/startServer.ts';
import { readDemoPasswords } from '../../src/server/seed/seed.ts';
import { createDb } from '../../src/server/db/createDb.ts';
import { cheapenPasswords } from '../helpers/testPasswords.ts';

export type Database = 'pglite' | 'postgres';
export const ADMIN_PASSWORD = 'Collaudo2025!';

/**
 * The browser tests count the rows they make on top of the demo's tables and users, without the workflows'
 * demo (negotiations, offers, check-ins…): a spec that wants it passes `serverEnv: { DEMO_DATA: '1' }`.
 */
const DEMO_DATA_OF_TESTS = 'base';

/** Set by globalSetup: the data directory of a server seeded once for the run (see seedDataDir). */
const SEEDED_DATA_DIR = 'E2E_SEEDED_DATA_DIR';

/**
 * A server's first start seeds its database (initdb, every table, the demo data, a password hash per demo
 * user): most of a stack's start. The current code does it once per run, here, into a data directory that
 * each PGlite server then starts from (`withSeededData`). Returns the clean-up.
 */
export async function seedDataDir(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-seeded-'));
  const server = await startProcess(SERVER_COMMAND[0], [...SERVER_COMMAND[1]], SERVER_READY, {
    env: {
      PORT: String(freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ADMIN_PASSWORD,
      DEMO_DATA: DEMO_DATA_OF_TESTS,
      API_CHECK_RESPONSES: '1',
    },
    timeoutMs: 180_000,
  });
  await server.stop();
  // Each test's sign-in checks one of these passwords: at the test cost, not the production one.
  const db = await createDb({ dataDir: path.join(dir, 'pgdata') });
  try {
    await cheapenPasswords(db, seededPasswords(dir));
  } finally {
    await db.close();
  }
  // Each server makes its own signing secret at its first start.
  fs.rmSync(path.join(dir, 'jwt-secret'), { force: true });
  process.env[SEEDED_DATA_DIR] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** Every password a server's first start gave: the admin's and the demo users'. */
const seededPasswords = (dataDir: string): [string, string][] => [
  ['admin', ADMIN_PASSWORD],
  ...readDemoPasswords(dataDir),
];

/** Fills an empty data directory with the run's seeded one, when globalSetup made it. */
export function withSeededData(dataDir: string) {
  const seeded = process.env[SEEDED_DATA_DIR];
  if (seeded) fs.cpSync(seeded, dataDir, { recursive: true });
}

/**
 * Calls whose bodies are binary: Prism's proxy reads every body as UTF-8 text, which mangles photos on the way in
 * and images and PDFs on the way out. They go straight to the server (their contract is checked by the server's
 * own tests). A route in each test did this before, and a check-in once slipped past it into Prism (a CI run's
 * 422 on POST /api/accettazioni_mezzi); here none can.
 */
const BINARY = /^\/api\/accettazioni_mezzi(\/foto|\/\d+\/(foto\/\d+|firma|pdf))?$/;

/**
 * The product as a user meets it, with the contract in between: the browser loads the app from
 * the server, and every API call goes through `prism proxy --errors` (but the binary ones above), so any request
 * or response that does not match openapi.yaml fails the test.
 */
export class Stack {
  readonly serverPort = freePort();
  /** Where the browser's API calls go: the front that hands them to Prism or, binary, to the server. */
  readonly proxyPort = this.serverPort + 1;
  private readonly prismPort = freePort();
  private front?: http.Server;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-'));
  private server?: Started;
  private proxy?: Started;
  private postgres?: PostgresServer;
  private siblings: Started[] = [];

  readonly database: Database;
  private readonly extraEnv: Record<string, string>;
  constructor(database: Database, extraEnv: Record<string, string> = {}) {
    this.database = database;
    this.extraEnv = extraEnv;
  }

  get baseURL() {
    return `http://127.0.0.1:${this.serverPort}`;
  }

  private env(): NodeJS.ProcessEnv {
    return {
      PORT: String(this.serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      ADMIN_PASSWORD,
      API_PUBLIC_URL: `http://127.0.0.1:${this.proxyPort}`,
      // What the screens read is checked against openapi.yaml on every answer (src/server/contract/serializers.ts).
      API_CHECK_RESPONSES: '1',
      // Tests never leave the machine: map tiles and address search point at a closed loopback port.
      MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      MAP_GEOCODER_URL: 'http://127.0.0.1:9/search',
      // Demo data goes into PostgreSQL only when asked for.
      ...(this.postgres ? { DATABASE_URL: this.postgres.url, DEMO_DATA: DEMO_DATA_OF_TESTS } : {}),
      ...this.extraEnv,
    };
  }

  async startServer() {
    this.server = await startProcess(SERVER_COMMAND[0], [...SERVER_COMMAND[1]], SERVER_READY, {
      env: this.env(),
      timeoutMs: 90_000,
    });
  }

  async start() {
    if (this.database === 'postgres') this.postgres = startPostgres();
    else if (!('DEMO_DATA' in this.extraEnv)) withSeededData(this.dataDir);
    // Prism needs the server only for the first call it passes on: the two start side by side.
    const proxy = startProcess(
      'node_modules/.bin/prism',
      [
        'proxy',
        // openapi.yaml bundled into one file (npm run generate; CI checks it is up to date): the same contract, which
        // Prism reads in 3.9 s instead of 5.7 s here, once per worker of the run.
        'generated/openapi.json',
        `http://127.0.0.1:${this.serverPort}`,
        '--host',
        '127.0.0.1',
        '--port',
        String(this.prismPort),
        '--errors',
      ],
      /Prism is listening/,
      { timeoutMs: 90_000 },
    );
    try {
      await this.startServer();
      if (this.postgres) {
        // As for the PGlite servers' seeded data directory (seedDataDir).
        const db = await createDb({ databaseUrl: this.postgres.url });
        try {
          await cheapenPasswords(db, seededPasswords(this.dataDir));
        } finally {
          await db.close();
        }
      }
    } catch (err) {
      await (await proxy.catch(() => undefined))?.stop();
      throw err;
    }
    this.proxy = await proxy;
    this.front = http.createServer((req, res) => {
      // Preflights stay with Prism, which answers them for the cross-origin API.
      const direct = req.method !== 'OPTIONS' && BINARY.test(new URL(req.url ?? '/', 'http://front').pathname);
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: direct ? this.serverPort : this.prismPort,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          const headers = direct ? { ...answer.headers, 'access-control-allow-origin': '*' } : answer.headers;
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.front?.listen(this.proxyPort, '127.0.0.1', resolve));
  }

  /** The PostgreSQL database of the stack (postgres project only). */
  get databaseUrl(): string {
    if (!this.postgres) throw new Error('a PGlite stack has no database URL');
    return this.postgres.url;
  }

  /**
   * Another server process on the same database and data directory (so the same signing secret), as
   * behind a load balancer; the browser talks to it directly. Stopped with the stack, or by `stop`.
   */
  async startSibling(env: Record<string, string> = {}): Promise<{ baseURL: string; stop: () => Promise<void> }> {
    const port = freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const sibling = await startProcess(SERVER_COMMAND[0], [...SERVER_COMMAND[1]], SERVER_READY, {
      env: { ...this.env(), PORT: String(port), API_PUBLIC_URL: baseURL, ...env },
      timeoutMs: 90_000,
    });
    this.siblings.push(sibling);
    return { baseURL, stop: sibling.stop };
  }

  /**
   * Another server configured otherwise (`env`) on a copy of the run's seeded data, for a test that needs one setting
   * of its own: cheaper than a worker of its own (its own server, Prism, browser). PGlite stacks only. Stopped with
   * the stack, or by `stop`.
   */
  async startConfigured(env: Record<string, string>): Promise<{ baseURL: string; stop: () => Promise<void> }> {
    if (this.postgres) throw new Error('startConfigured is for PGlite stacks');
    const dataDir = path.join(this.dataDir, 'configured');
    fs.mkdirSync(dataDir);
    withSeededData(dataDir);
    const other = await this.startSibling({ ...env, DATA_DIR: dataDir });
    return {
      baseURL: other.baseURL,
      stop: async () => {
        await other.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  /** Kill -9 and start again on the same data. */
  async restartServer() {
    await this.server?.kill9();
    await this.startServer();
  }

  /** A demo user's password: random, written by the server at its first start into its data directory. */
  demoPassword(username: string): string {
    const password = readDemoPasswords(this.dataDir).get(username);
    if (!password) throw new Error(`no demo password for ${username} in ${this.dataDir}`);
    return password;
  }

  /** What the contract proxy reported as not matching openapi.yaml. */
  contractViolations(): string[] {
    return (this.proxy?.output() ?? '').split('\n').filter((l) => /VIOLATION|✖/.test(l));
  }

  async stop() {
    this.front?.closeAllConnections();
    await new Promise((resolve) => (this.front ? this.front.close(resolve) : resolve(undefined)));
    await this.proxy?.stop();
    // Their data goes with the stack: no orderly shutdown to wait for (some 2 s a server).
    for (const sibling of this.siblings) await sibling.kill9();
    await this.server?.kill9();
    this.postgres?.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
