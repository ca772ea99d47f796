import { spawn, type ChildProcess } from 'node:child_process';

/** Starts a long-running command and resolves once its output contains `ready`. */
export interface Started {
  child: ChildProcess;
  output: () => string;
  /** SIGTERM to the whole process group, then waits for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL to the whole process group: no chance to flush anything. */
  kill9: () => Promise<void>;
}

export function startProcess(
  cmd: string,
  args: string[],
  ready: RegExp,
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Started> {
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const signal = (sig: NodeJS.Signals) => () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
      child.once('exit', () => resolve());
      process.kill(-child.pid, sig);
    });
  const stop = signal('SIGTERM');
  const kill9 = signal('SIGKILL');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${cmd} did not become ready in time:\n${output}`));
    }, opts.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output, stop, kill9 });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!ready.test(output)) reject(new Error(`${cmd} exited with ${code}:\n${output}`));
    });
  });
}
