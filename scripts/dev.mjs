// npm run dev: the server in watch mode on PORT (3000) and Vite on VITE_PORT (5173), proxying the API to it.
// npm run dev:mock (--mock): Vite against the Prism mock on MOCK_PORT (4010) instead of the real server.
import { spawn } from 'node:child_process';
import { projectEnv } from './lib/projectEnv.mjs';

const mock = process.argv.includes('--mock');
const serverPort = process.env.PORT ?? '3000';
const mockPort = process.env.MOCK_PORT ?? '4010';
const vitePort = process.env.VITE_PORT ?? '5173';
const children = [
  mock
    ? spawn(
        'node_modules/.bin/prism',
        ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', mockPort, '--errors'],
        { stdio: 'inherit', env: projectEnv() },
      )
    : // The project's Node.js reads the server's TypeScript itself, as `npm start` does; --watch restarts it when a
      // file it imported changes.
      spawn('node_modules/.bin/node', ['--watch', 'src/server/main.ts'], {
        stdio: 'inherit',
        env: projectEnv({ PORT: serverPort }),
      }),
  spawn('node_modules/.bin/vite', ['--port', vitePort, '--strictPort'], {
    stdio: 'inherit',
    // VITE_MOCK: the login page offers the mock's users, one per role (openapi.yaml, the Tokens examples).
    env: projectEnv({
      API_TARGET: `http://127.0.0.1:${mock ? mockPort : serverPort}`,
      ...(mock ? { VITE_MOCK: '1' } : {}),
    }),
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
