// npm start: build the web app when dist/ is missing or older than its sources, then run the
// server (API + app) on PORT (default 3000), on PGlite in DATA_DIR or PostgreSQL via DATABASE_URL.
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensureBuilt.mjs';
import { projectEnv } from './lib/projectEnv.mjs';

ensureBuilt();
// The project's own Node.js runs the TypeScript as it is (it strips the types; tsconfig's erasableSyntaxOnly
// keeps the code to what it can strip), as the tests' servers do (tests/helpers/startServer.ts).
const server = spawn('node_modules/.bin/node', ['src/server/main.ts'], { stdio: 'inherit', env: projectEnv() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
