// The login guard's figures of npm run bench:api: the lock-out attack (wrong passwords for a username
// from two addresses, then the owner from a third) and another user's login during floods of guesses.
// The client runs in a process of its own (loginRunner.mjs), not in the event loop it measures.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AppContext } from '../../src/server/context.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';

const run = promisify(execFile);
const PASSWORD = 'Banco-di-prova-2025';
const FLOOD_RUNS = Number(process.env.BENCH_LOGIN_RUNS ?? 5);

interface Timed {
  status: number;
  ms: number;
}
interface Figures {
  attack: { username: string; guesses: number[]; owner: Timed; alone: Timed }[];
  floods: { statuses: number[]; lastGuessMs: number; colleague: Timed; alone: Timed }[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const tally = (statuses: number[]) =>
  [...new Set(statuses)]
    .sort()
    .map((s) => `${statuses.filter((x) => x === s).length} × ${s}`)
    .join(', ');
const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;

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
  for (let i = 0; i < FLOOD_RUNS; i++) await createUser(ctx, `bersaglio${i}`, ['ROLE_USER_CRM'], hash);
  const runner = fileURLToPath(new URL('./loginRunner.mjs', import.meta.url));
  const { stdout } = await run(
    process.execPath,
    [runner, JSON.stringify({ port, password: PASSWORD, runs: FLOOD_RUNS })],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const { attack, floods } = JSON.parse(stdout) as Figures;
  const colleague = floods.map((f) => f.colleague.ms);
  return {
    attack: attack.map((a) => ({
      username: a.username,
      '12 wrong passwords from 2 addresses': tally(a.guesses),
      'right password from a 3rd address': a.owner.status,
      'its time ms': Math.round(a.owner.ms),
      'the same login, nobody guessing, ms': Math.round(a.alone.ms),
    })),
    flood: {
      runs: FLOOD_RUNS,
      'guesses answered': [...new Set(floods.map((f) => tally(f.statuses)))].join(' / '),
      'last guess answered s (median)': (median(floods.map((f) => f.lastGuessMs)) / 1000).toFixed(1),
      'other login status': [...new Set(floods.map((f) => f.colleague.status))].join(', '),
      'other login ms, median': Math.round(median(colleague)),
      'min–max': range(colleague),
      'the same login, nobody guessing, median ms': Math.round(median(floods.map((f) => f.alone.ms))),
    },
  };
}
