// The whole suite: unit, contract and server tests (Vitest), then the browser
// tests when there are any. Ends with one plain line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

fs.mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0 };
let runnerFailed = false;

function vitest() {
  const out = 'test-results/vitest.json';
  fs.rmSync(out, { force: true });
  const r = spawnSync('node_modules/.bin/vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { stdio: 'inherit' });
  if (!fs.existsSync(out)) {
    runnerFailed = true;
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  // A file that fails to load has no failed test but does fail the run.
  if (r.status !== 0 && report.numFailedTests === 0) runnerFailed = true;
}

vitest();
if (runnerFailed && totals.failed === 0) totals.failed = 1;
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed > 0 || runnerFailed ? 1 : 0;
