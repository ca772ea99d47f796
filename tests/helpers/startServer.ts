import { freePort } from './freePort.ts';
import { startProcess, type Started } from './startProcess.ts';

export interface RunningServer extends Started {
  url: string;
}

/**
 * The server as `npm start` runs it: the project's own Node.js reading the TypeScript itself (no tsx, whose
 * loader cost about 2 of the 7–8 CPU-s of each of the suites' many server starts).
 */
export const SERVER_COMMAND = ['node_modules/.bin/node', ['src/server/main.ts']] as const;
/** What a server prints once it listens. */
export const SERVER_READY = /CRM Noleggi: http/;

/** The real server (src/server/main.ts) as a child process, on a free loopback port. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const port = freePort();
  const started = await startProcess(SERVER_COMMAND[0], [...SERVER_COMMAND[1]], SERVER_READY, {
    env: { PORT: String(port), HOST: '127.0.0.1', ...env },
    timeoutMs: 90_000,
  });
  return { ...started, url: `http://127.0.0.1:${port}` };
}

export async function loginHeaders(url: string, username: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}
