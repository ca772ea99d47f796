import fs from 'node:fs';
import { buildApp } from '../../src/server/app.ts';
import { createDb } from '../../src/server/db/createDb.ts';
import { partitaIvaCheckDigit } from '../../src/domain/partitaIva.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';

type Mode = 'with history' | 'without history';

/** CPU time in µs used so far by these processes (Linux: /proc/<pid>/stat, 100 ticks a second); gone ones count 0. */
function processesCpu(pids: Iterable<number>): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Ended meanwhile, or not on this machine.
    }
  }
  return ticks * 10_000;
}

/**
 * Writes per second of the customers' update call, with every record's history (the trigger's row in the same
 * statement) and without it (a second app on the same database with the history plans taken away and the
 * triggers disabled): the cost of the history. The two run in turns, `rounds` times each, so that a machine
 * whose load changes meanwhile weighs on both alike.
 */
export async function benchHistory(options: {
  databaseUrl?: string;
  seconds: number;
  connections: number;
  rounds: number;
}) {
  const db = await createDb({ databaseUrl: options.databaseUrl });
  const build = () => buildApp({ db, jwtSecret: 'bench-secret-'.repeat(4), log: { level: 'silent' } });
  const apps = { 'with history': await build(), 'without history': await build() };
  // The tables whose trigger writes their history (none before the triggers came: the history was written by
  // the server's SQL, which the plans taken away leave out).
  const { rows } = await db.query<{ t: string }>(
    `SELECT c.relname AS t FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'storico'`,
  );
  const tables = rows.map((r) => `"${r.t}"`);
  for (const r of apps['without history'].ctx.resources.values()) delete r.model.history;
  const triggers = async (on: boolean) => {
    for (const t of tables) await db.query(`ALTER TABLE ${t} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER "storico"`);
  };
  const { ctx } = apps['with history'];
  await ctx.resource('User').repo.create(
    {
      username: 'bench.storico',
      email: 'bench.storico@esempio.it',
      name: 'Bench',
      surname: 'Prova',
      roles: ['ROLE_SUPER_ADMIN'],
      active: 'true',
    },
    { passwordHash: await hashPassword('Bench-2025') },
  );
  const login = await apps['with history'].app.inject({
    method: 'POST',
    url: '/login_check',
    payload: { username: 'bench.storico', password: 'Bench-2025' },
  });
  const { token } = login.json<{ token: string }>();
  const headers = { authorization: `Bearer ${token}` };
  const customers: { id: number; vatNumber: string }[] = [];
  // A database of an earlier run (DATABASE_URL) may hold these numbers already.
  const firstVat =
    1_000_000 + Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM customer`)).rows[0]?.n);
  for (let i = 0; i < options.connections; i++) {
    const first10 = String(firstVat + i).padStart(10, '0');
    const vatNumber = `${first10}${partitaIvaCheckDigit(first10)}`;
    const id = Number((await ctx.resource('Customer').repo.create({ companyName: `Cliente ${i}`, vatNumber })).id);
    customers.push({ id, vatNumber });
  }
  // PostgreSQL's own work, on a local cluster: its processes' CPU (the backends of this database and the
  // cluster's background writers), beside the server's. Nothing on PGlite, which works in this process.
  const databasePids = async () =>
    options.databaseUrl && fs.existsSync('/proc/self/stat')
      ? (
          await db.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR datname IS NULL`,
          )
        ).rows.map((r) => r.pid)
      : [];
  let n = 0;
  const run = async (mode: Mode) => {
    await triggers(mode === 'with history');
    const { app } = apps[mode];
    let writes = 0;
    const before = new Set(await databasePids());
    const dbCpu = processesCpu(before);
    const cpu = process.cpuUsage();
    const end = Date.now() + options.seconds * 1000;
    await Promise.all(
      customers.map(async ({ id, vatNumber }, i) => {
        while (Date.now() < end) {
          const res = await app.inject({
            method: 'PUT',
            url: `/api/customers/${id}`,
            headers,
            payload: { companyName: `Cliente ${i} rev ${n++}`, vatNumber },
          });
          if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
          writes++;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    const dbUsed = processesCpu(new Set([...before, ...(await databasePids())])) - dbCpu;
    return {
      perSecond: writes / options.seconds,
      cpuPerWrite: (used.user + used.system) / Math.max(writes, 1),
      dbCpuPerWrite: dbUsed / Math.max(writes, 1),
    };
  };
  type Figures = Awaited<ReturnType<typeof run>>;
  const rounds: {
    with: number;
    without: number;
    ratio: number;
    cpuWith: number;
    cpuWithout: number;
    dbCpuWith: number;
    dbCpuWithout: number;
  }[] = [];
  try {
    // A short warm-up of each, so that neither pays for the first plans and the JIT alone.
    options.seconds /= 5;
    await run('with history');
    await run('without history');
    options.seconds *= 5;
    for (let r = 0; r < options.rounds; r++) {
      // Each round starts with the other mode than the last.
      const order: Mode[] = r % 2 ? ['without history', 'with history'] : ['with history', 'without history'];
      const figures: Partial<Record<Mode, Figures>> = {};
      for (const mode of order) figures[mode] = await run(mode);
      const [withHistory, without] = [figures['with history'], figures['without history']];
      rounds.push({
        with: withHistory?.perSecond ?? 0,
        without: without?.perSecond ?? 0,
        ratio: (withHistory?.perSecond ?? 0) / (without?.perSecond || 1),
        cpuWith: withHistory?.cpuPerWrite ?? 0,
        cpuWithout: without?.cpuPerWrite ?? 0,
        dbCpuWith: withHistory?.dbCpuPerWrite ?? 0,
        dbCpuWithout: without?.dbCpuPerWrite ?? 0,
      });
    }
  } finally {
    await triggers(true);
    for (const { app } of Object.values(apps)) await app.close();
    await db.close();
  }
  const sum = (k: keyof (typeof rounds)[number]) => rounds.reduce((s, r) => s + r[k], 0);
  return {
    rounds,
    withHistory: sum('with') / rounds.length,
    without: sum('without') / rounds.length,
    ratio: sum('with') / (sum('without') || 1),
    // The server's own CPU per write (PGlite's too, which runs in its process): what a write costs, whatever
    // else the machine runs meanwhile.
    cpuWith: sum('cpuWith') / rounds.length,
    cpuWithout: sum('cpuWithout') / rounds.length,
    // PostgreSQL's processes per write (0 on PGlite): with the server's, what a write costs the machine.
    dbCpuWith: sum('dbCpuWith') / rounds.length,
    dbCpuWithout: sum('dbCpuWithout') / rounds.length,
  };
}
