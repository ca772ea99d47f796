// The load generator of the benchmarks, in a process of its own: run in the server's process, autocannon
// would take a share of the very event loop it measures. Arguments: one JSON object
// { base, paths, headers, seconds, connections }; prints autocannon's result as JSON.
import autocannon from 'autocannon';

const { base, paths, headers, seconds, connections } = JSON.parse(process.argv[2] ?? '{}');
let i = 0;
const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  headers,
  requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] ?? '/' }) }],
});
process.stdout.write(JSON.stringify(result));
