// npm test: the whole suite. Vitest (domain, generator, contract, server on PGlite and PostgreSQL,
// system tests), then Playwright in Debian's Chromium (installed here when missing and we are root).
// Ends with one plain line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { projectEnv } from './lib/projectEnv.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
fs.mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0 };
let broken = false;
/** Every test's duration, to print the slowest at the end. */
const durations = [];
/** Vitest tests that failed once and passed on their retry. */
const flaky = [];

function run(cmd, args) {
  return spawnSync(cmd, args, { stdio: 'inherit', env: projectEnv() }).status ?? 1;
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium non trovato in ${CHROMIUM}: installarlo con "apt-get install -y chromium" (o impostare CHROMIUM_PATH).`,
    );
    return false;
  }
  console.log('Installazione di Chromium (Debian)…');
  return (
    run('apt-get', ['update', '-qq']) === 0 &&
    run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0 &&
    fs.existsSync(CHROMIUM)
  );
}

function vitest() {
  const out = 'test-results/vitest.json';
  fs.rmSync(out, { force: true });
  const status = run('node_modules/.bin/vitest', [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (!fs.existsSync(out)) return void (broken = true);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  for (const file of report.testResults)
    for (const t of file.assertionResults ?? []) {
      const name = `vitest ${file.name.replace(process.cwd() + '/', '')} › ${t.fullName}`;
      durations.push({ ms: t.duration ?? 0, name });
      // Passed on its second try (CI retries once): it keeps the first try's error.
      if (t.status === 'passed' && t.failureMessages?.length)
        flaky.push(`${name}: ${t.failureMessages[0].split('\n')[0]}`);
    }
  // A file that fails to load has no failed test but does fail the run.
  if (status !== 0 && report.numFailedTests === 0) broken = true;
}

function playwright() {
  const out = 'test-results/e2e.json';
  fs.rmSync(out, { force: true });
  const status = run('node_modules/.bin/playwright', ['test', '-c', 'tests/e2e/playwright.config.ts']);
  if (!fs.existsSync(out)) return void (broken = true);
  const { stats, suites } = JSON.parse(fs.readFileSync(out, 'utf8'));
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        durations.push({
          ms: (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0),
          name: `e2e [${t.projectName}] ${[...path, spec.title].join(' › ')}`,
        });
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of suites ?? []) walk(suite, [suite.title]);
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  if (status !== 0 && stats.unexpected === 0) broken = true;
}

const phases = [];
const timed = (name, fn) => {
  const start = Date.now();
  fn();
  phases.push(`${name} ${Math.round((Date.now() - start) / 1000)} s`);
};
timed('Vitest', vitest);
if (ensureChromium()) timed('Playwright', playwright);
else broken = true;
if (broken && totals.failed === 0) totals.failed = 1;
if (flaky.length) console.log(`\nVitest tests that passed only on their retry:\n${flaky.join('\n')}`);
console.log('\nThe 10 slowest tests:');
for (const { ms, name } of durations.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
const since = Number(process.env.CI_STARTED ?? 0);
if (since > 0) {
  const seconds = Math.round(Date.now() / 1000 - since);
  console.log(`\nCI time: ${Math.floor(seconds / 60)} min ${seconds % 60} s (${phases.join(', ')})`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed > 0 || broken ? 1 : 0;
