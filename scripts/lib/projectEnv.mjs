// The environment of every child a launcher starts: node_modules/.bin first on PATH, as `npm run` has it,
// so tsx, Vite, Vitest and Playwright (`#!/usr/bin/env node`) run on the project's own Node.js (the `node`
// devDependency) also when a launcher is started by hand with the machine's `node`.
import path from 'node:path';

const bin = path.resolve('node_modules', '.bin');

/**
 * process.env (plus `extra`) with the project's node_modules/.bin first on PATH, and Node.js's compile cache on
 * in the project's own folder: a server start then reads its modules' compiled code from V8's cache instead of
 * compiling them again (a tenth of a start's CPU, and the test suites start many servers).
 */
export const projectEnv = (extra = {}) => ({
  NODE_COMPILE_CACHE: path.resolve('node_modules', '.cache', 'node-compile-cache'),
  ...process.env,
  ...extra,
  PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
});
