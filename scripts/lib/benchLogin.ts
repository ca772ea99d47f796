// The login guard's figures of npm run bench:api: the lock-out attack (wrong passwords for a username
// from two addresses, then the owner from a third) and another user's login during a flood of guesses.
// Each client address is a loopback address of its own (127.0.0.x), so the server counts them apart.
import http from 'node:http';
import type { AppContext } from '../../src/server/context.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';

const PASSWORD = 'Banco-di-prova-2025';
const FLOOD_RUNS = Number(process.env.BENCH_LOGIN_RUNS ?? 5);

/** One login over HTTP from a given loopback address: its status and how long it took. */
function login(port: number, from: string, username: string, password: string) {
  const body = JSON.stringify({ username, password });
  const started = performance.now();
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/login_check',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const statuses = (answers: { status: number }[]) =>
  Object.entries(
    answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {}),
  )
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

async function createUser(ctx: AppContext, username: string, roles: string[], hash: string) {
  // The other parts of the benchmark may have used the same database.
  await ctx.db.query(`DELETE FROM "user" WHERE username = $1`, [username]);
  await ctx
    .resource('User')
    .repo.create(
      { username, email: `${username}@esempio.it`, name: 'Banco', surname: 'Prova', roles, active: 'true' },
      { passwordHash: hash },
    );
}

/**
 * The attack of the security review, on an ordinary user and on `admin`, then FLOOD_RUNS floods of 100
 * parallel guesses from one address, each with another user signing in from another address meanwhile.
 */
export async function benchLogin(ctx: AppContext, port: number) {
  const hash = await hashPassword(PASSWORD);
  await ctx.db.query(`DELETE FROM "loginAttempt"`);
  await createUser(ctx, 'admin', ['ROLE_SUPER_ADMIN'], hash);
  await createUser(ctx, 'proprietario', ['ROLE_USER_CRM'], hash);
  await createUser(ctx, 'collega', ['ROLE_USER_CRM'], hash);
  for (let run = 0; run < FLOOD_RUNS; run++) await createUser(ctx, `bersaglio${run}`, ['ROLE_USER_CRM'], hash);

  const attack = [];
  for (const [i, username] of ['proprietario', 'admin'].entries()) {
    const guesses = await Promise.all(
      [1, 2].map(async (a) => {
        const answers = [];
        for (let g = 0; g < 6; g++) answers.push(await login(port, `127.0.${i + 1}.${a}`, username, `sbagliata-${g}`));
        return answers;
      }),
    );
    const owner = await login(port, `127.0.${i + 1}.3`, username, PASSWORD);
    attack.push({
      username,
      '12 wrong passwords from 2 addresses': statuses(guesses.flat()),
      'right password from a 3rd address': owner.status,
      'its time ms': Math.round(owner.ms),
    });
  }

  const floods = [];
  for (let run = 0; run < FLOOD_RUNS; run++) {
    const flood = Promise.all(
      Array.from({ length: 100 }, (_, g) => login(port, `127.0.10.${run + 1}`, `bersaglio${run}`, `sbagliata-${g}`)),
    );
    const colleague = login(port, `127.0.20.${run + 1}`, 'collega', PASSWORD);
    const [guesses, other] = await Promise.all([flood, colleague]);
    floods.push({ guesses: statuses(guesses), other, lastGuessMs: Math.max(...guesses.map((g) => g.ms)) });
  }
  const otherMs = floods.map((f) => f.other.ms);
  return {
    attack,
    flood: {
      runs: FLOOD_RUNS,
      'guesses answered (each run)': [...new Set(floods.map((f) => f.guesses))].join(' / '),
      'last guess answered s (median)': (median(floods.map((f) => f.lastGuessMs)) / 1000).toFixed(1),
      'other login status': [...new Set(floods.map((f) => f.other.status))].join(', '),
      'other login ms (median)': Math.round(median(otherMs)),
      'other login ms (min–max)': `${Math.round(Math.min(...otherMs))}–${Math.round(Math.max(...otherMs))}`,
    },
  };
}
