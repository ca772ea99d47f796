// The environment of every child a launcher starts: node_modules/.bin first on PATH, as `npm run` has it,
// so tsx, Vite, Vitest and Playwright (`#!/usr/bin/env node`) run on the project's own Node.js (the `node`
// devDependency) also when a launcher is started by hand with the machine's `node`.
import path from 'node:path';

const bin = path.resolve('node_modules', '.bin');

/** process.env (plus `extra`) with the project's node_modules/.bin first on PATH. */
export const projectEnv = (extra = {}) => ({
  ...process.env,
  ...extra,
  PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
});
