// The login benchmark's client, in a process of its own (as loadRunner.mjs): the attack of the security
// review and floods of guesses, each request from a loopback address of its own (127.0.x.y), so that the
// server counts them apart. Arguments: one JSON object { port, password, runs }; prints the figures as JSON.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const { port, password, runs } = JSON.parse(process.argv[2] ?? '{}');

/** One login from a given address: its status and how long it took. */
function login(from, username, pass) {
  const body = JSON.stringify({ username, password: pass });
  const started = performance.now();
  return new Promise((resolve, reject) => {
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

const attack = [];
for (const [i, username] of ['proprietario', 'admin'].entries()) {
  // 12 wrong passwords from two addresses (six each, one after the other), then the owner from a third.
  const guesses = await Promise.all(
    [1, 2].map(async (a) => {
      const answers = [];
      for (let g = 0; g < 6; g++) answers.push(await login(`127.0.${i + 1}.${a}`, username, `sbagliata-${g}`));
      return answers.map((r) => r.status);
    }),
  );
  const owner = await login(`127.0.${i + 1}.3`, username, password);
  // The same login with nobody guessing, for comparison.
  const alone = await login(`127.0.${i + 1}.4`, username, password);
  attack.push({ username, guesses: guesses.flat(), owner, alone });
}

const floods = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const flood = Promise.all(
    Array.from({ length: 100 }, (_, g) => login(`127.0.10.${run + 1}`, `bersaglio${run}`, `sbagliata-${g}`)),
  );
  const other = login(`127.0.20.${run + 1}`, 'collega', password);
  const [guesses, colleague] = await Promise.all([flood, other]);
  floods.push({
    statuses: guesses.map((g) => g.status),
    lastGuessMs: performance.now() - started,
    colleague,
    alone: await login(`127.0.30.${run + 1}`, 'collega', password),
  });
}
process.stdout.write(JSON.stringify({ attack, floods }));
