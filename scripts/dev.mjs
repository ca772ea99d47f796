// npm run dev: the server in watch mode on :3000 and Vite on :5173 (proxying the API to it).
// npm run dev:mock (--mock): Vite against the Prism mock on :4010 instead of the real server.
import { spawn } from 'node:child_process';

const mock = process.argv.includes('--mock');
const children = [
  mock
    ? spawn('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', '4010', '--errors'], {
        stdio: 'inherit',
      })
    : spawn('node_modules/.bin/tsx', ['watch', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn('node_modules/.bin/vite', [], {
    stdio: 'inherit',
    env: { ...process.env, API_TARGET: mock ? 'http://127.0.0.1:4010' : 'http://127.0.0.1:3000' },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
