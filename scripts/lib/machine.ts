import os from 'node:os';

/** The first line of every bench: the machine and the Node.js the figures were measured on. */
export const machine = () =>
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node.js ${process.version}`;
