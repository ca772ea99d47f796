// tsx scripts/profileList.ts [webRoot…] — where the main thread goes when a list opens: the bench's list URL
// (scripts/benchList.ts) opened cold (a new context) and warm (a new tab in a context that opened it once), with
// Chromium's trace and CPU profile. For each build given (default dist/; an unminified one, `vite build --minify
// false --outDir …`, names its modules), opened alternately, it prints the medians of the main thread's work by
// kind (scripts' compile and run, style, layout, paint, GC…) between navigation, the first frame, the app's table
// holding the rows and a header click answered; then the modules whose code ran longest (self time) after the
// first frame. PROFILE_RUNS opens each (default 3), PROFILE_ROWS calls in the collection (default 20,000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { buildApp } from '../src/server/app.ts';
import { seed } from '../src/server/seed/seed.ts';
import { CHROMIUM } from '../tests/e2e/playwright.config.ts';
import { pageTimeWhen, tableAndClick } from './lib/listOpen.ts';
import { machine } from './lib/machine.ts';
import { seedCallLog } from './lib/seedCallLog.ts';

const ROWS = Number(process.env.PROFILE_ROWS ?? 20_000);
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const PASSWORD = 'Bench2025!';
const LIST_PATH = '/contactCenter/report-calls?f.callDate=2025-03-14&size=50';
const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['dist'];

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown> };
};
type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };
/** Milliseconds since navigation start: the first frame, the table with its rows, the click answered. */
type Marks = { frame: number; table: number; click: number };

// What a trace event is, by its name: the kinds of main-thread work.
const KINDS: [RegExp, string][] = [
  [/^(v8\.compile|V8\.CompileCode|v8\.compileModule|V8\.ScriptCompiler|CacheScript|v8\.produceModuleCache)/, 'compile'],
  [/^(v8\.parseOnBackground|v8\.deserializeOnBackground|ParseHTML)/, 'parse'],
  [
    /^(EvaluateScript|v8\.run|FunctionCall|v8\.callFunction|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|v8\.evaluateModule|V8\.Execute)/,
    'script',
  ],
  [/^(MajorGC|MinorGC|V8\.GC|BlinkGC|ThreadState::)/, 'gc'],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|StyleInvalidator|ScheduleStyleRecalculation)/, 'style'],
  [/^(Layout|UpdateLayerTree|IntersectionObserverController|ComputeIntersections|HitTest)/, 'layout'],
  [/^(Paint|PaintImage|Rasterize|CompositeLayers|Commit|PrePaint|Layerize|UpdateLayer)/, 'paint'],
];
const kindOf = (name: string) => KINDS.find(([re]) => re.test(name))?.[1] ?? 'other';

/** Self time (ms) of the main thread's trace events by kind, in [from, to) (µs, trace clock). */
function traceKinds(events: TraceEvent[], main: { pid: number; tid: number }, from: number, to: number) {
  const own = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const out: Record<string, number> = {};
  const stack: { end: number; kind: string; name: string }[] = [];
  // Self time: each event's duration less its children's, clipped to the window, given to the innermost kind
  // that is not 'other' (a task's RunTask is 'other', its script inside is 'script').
  let cursor = 0;
  const credit = (until: number) => {
    const top = stack.at(-1);
    if (top) {
      const a = Math.max(cursor, from);
      const b = Math.min(until, to);
      if (b > a) out[top.kind] = (out[top.kind] ?? 0) + (b - a) / 1000;
      const key = `${top.kind}:${top.name}`;
      if (b > a) out[key] = (out[key] ?? 0) + (b - a) / 1000;
    }
    cursor = until;
  };
  for (const e of own) {
    while (stack.length > 0 && stack.at(-1)!.end <= e.ts) credit(stack.pop()!.end);
    credit(e.ts);
    const kind = kindOf(e.name);
    stack.push({
      end: e.ts + (e.dur ?? 0),
      kind: kind === 'other' ? (stack.at(-1)?.kind ?? 'other') : kind,
      name: e.name,
    });
  }
  while (stack.length > 0) credit(stack.pop()!.end);
  return out;
}

/** The `// <module>` (or `//#region <module>`) comments of an unminified chunk: which module each line belongs to. */
const regionsCache = new Map<string, { line: number; module: string }[]>();
function moduleAt(root: string, url: string, line: number): string {
  let file = '';
  try {
    file = new URL(url).pathname;
  } catch {
    return url || '(native)';
  }
  if (!regionsCache.has(file)) {
    const full = path.join(root, file);
    const regions: { line: number; module: string }[] = [];
    if (fs.existsSync(full))
      fs.readFileSync(full, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^\/\/(?:#region)? (\S+\.[cm]?[jt]sx?)$/.exec(text);
          if (m) regions.push({ line: i, module: m[1]! });
        });
    regionsCache.set(file, regions);
  }
  const regions = regionsCache.get(file)!;
  let found = file;
  for (const r of regions) if (r.line <= line) found = r.module;
  return found.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
}

/** Self time (ms) by module and by function of the CPU profile's samples in [from, to) (µs, profile clock). */
function profileSelf(root: string, profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const modules: Record<string, number> = {};
  const functions: Record<string, number> = {};
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < from || t >= to) return;
    const f = byId.get(id)!.callFrame;
    const module = f.url ? moduleAt(root, f.url, f.lineNumber) : f.functionName;
    modules[module] = (modules[module] ?? 0) + dt;
    const fn = `${f.functionName || '(anonymous)'} ${module} @${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
    functions[fn] = (functions[fn] ?? 0) + dt;
  });
  return { modules, functions };
}

async function marks(page: Page): Promise<Marks> {
  const frame = await pageTimeWhen(
    page,
    () =>
      document.querySelectorAll('tbody tr[data-row-id], tbody tr[data-preview-row-id]').length >= 50 &&
      performance.now(),
    60_000,
  );
  return { frame, ...(await tableAndClick(page, 60_000)) };
}

type Measured = { marks: Marks; kinds: Record<string, Record<string, number>>; self: ReturnType<typeof profileSelf> };

/** One open, traced and profiled. Both clocks are aligned on the document's request (navigation start). */
async function profiledOpen(browser: Browser, context: BrowserContext, url: string, root: string): Promise<Measured> {
  // Chromium's trace now and then lacks the page's marks: that open is made again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await tracedOpen(browser, context, url, root);
    } catch (err) {
      if (attempt === 3 || !String(err).includes('mark in the trace')) throw err;
    }
  }
}

async function tracedOpen(browser: Browser, context: BrowserContext, url: string, root: string): Promise<Measured> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'blink',
      'blink.user_timing',
      'loading',
      'toplevel',
    ],
  });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'commit' });
  const m = await marks(page);
  // The page's clock: performance.now() of a moment, against the trace's own clock at that moment.
  const syncNow = await page.evaluate(() => performance.mark('profile-sync').startTime);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  if (process.env.PROFILE_SAVE) {
    const n = fs.readdirSync(process.env.PROFILE_SAVE).length;
    fs.writeFileSync(`${process.env.PROFILE_SAVE}/${n}.json`, JSON.stringify({ marks: m, syncNow, trace, profile }));
  }
  const sync = events.find((e) => e.name === 'profile-sync');
  const nav = events.find(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes('/contactCenter/'),
  );
  if (!sync || !nav) {
    await page.close();
    throw new Error('no navigationStart or profile-sync mark in the trace');
  }
  const main = { pid: nav.pid, tid: nav.tid };
  // The CPU profile's clock is the trace's (both TimeTicks, µs).
  const t0 = sync.ts - syncNow * 1000;
  const windows: [string, number, number][] = [
    ['→frame', 0, m.frame],
    ['frame→table', m.frame, m.table],
    ['table→click', m.table, m.click],
    ['total', 0, m.click],
  ];
  const kinds = Object.fromEntries(
    windows.map(([name, a, b]) => [name, traceKinds(events, main, t0 + a * 1000, t0 + b * 1000)]),
  );
  const self = profileSelf(root, profile, t0 + m.frame * 1000, t0 + m.click * 1000);
  if (process.env.PROFILE_TIMELINE) {
    // The main thread's tasks of 3 ms or more, with what ran in them; the scripts' downloads.
    const own = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid);
    const rel = (ts: number) => ((ts - t0) / 1000).toFixed(0).padStart(5);
    for (const task of own.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.dur ?? 0) >= 3000)) {
      const inner = own
        .filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur! && e !== task && (e.dur ?? 0) >= 2000)
        .filter((e) => !/RunTask|PerformMicrotaskCheckpoint|AsyncTask|mojo/.test(e.name))
        .slice(0, 6)
        .map((e) => {
          const d = e.args?.data ?? {};
          const what = String(d.url ?? d.functionName ?? d.type ?? '').replace(/^.*\/assets\//, '');
          return `${e.name}${what ? `(${what})` : ''} ${(e.dur! / 1000).toFixed(0)}`;
        });
      console.log(`${rel(task.ts)} ms +${(task.dur! / 1000).toFixed(0).padStart(4)}  ${inner.join(' · ')}`);
    }
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => /\.js$|\/api\//.test(new URL(e.name).pathname))
        .map(
          (e) =>
            `${e.startTime.toFixed(0)}→${e.responseEnd.toFixed(0)} ${new URL(e.name).pathname.replace('/assets/', '')}`,
        ),
    );
    console.log(`marks ${JSON.stringify(m)}\n${scripts.join('\n')}`);
  }
  await page.close();
  return { marks: m, kinds, self };
}

console.log(
  machine(),
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-profile-list-'));
const servers = [];
for (const root of roots) {
  const dir = `${dataDir}/${servers.length}`;
  const { app, ctx } = await buildApp({ dataDir: dir, webRoot: path.resolve(root) });
  await seed(ctx, { adminPassword: PASSWORD, demoData: false });
  await seedCallLog(ctx.db, ROWS);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens = (await (
    await fetch(`${base}/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
  ).json()) as { token: string; refresh_token: string };
  servers.push({ root, app, base, tokens });
}

const browser = await chromium.launch(CHROMIUM);
async function signedIn(tokens: { token: string; refresh_token: string }) {
  const context = await browser.newContext();
  await context.addInitScript(
    (t) => {
      for (const [k, v] of Object.entries(t)) localStorage.setItem(k, v);
    },
    { crm_token_staging: tokens.token, crm_refresh_token_staging: tokens.refresh_token },
  );
  return context;
}
const results = new Map(servers.map((s) => [s.root, { cold: [] as Measured[], warm: [] as Measured[] }]));
// An untimed open of each, warming the servers alike.
for (const s of servers) {
  const c = await signedIn(s.tokens);
  await profiledOpen(browser, c, `${s.base}${LIST_PATH}`, s.root);
  await c.close();
}
const warm = new Map<string, BrowserContext>();
for (const s of servers) {
  const c = await signedIn(s.tokens);
  await profiledOpen(browser, c, `${s.base}${LIST_PATH}`, s.root);
  warm.set(s.root, c);
}
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 === 0 ? servers : [...servers].reverse();
  for (const s of order) {
    const c = await signedIn(s.tokens);
    results.get(s.root)!.cold.push(await profiledOpen(browser, c, `${s.base}${LIST_PATH}`, s.root));
    await c.close();
    results.get(s.root)!.warm.push(await profiledOpen(browser, warm.get(s.root)!, `${s.base}${LIST_PATH}`, s.root));
  }
}
await browser.close();
for (const s of servers) await s.app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const f0 = (x: number) => x.toFixed(0).padStart(6);
for (const s of servers) {
  for (const [label, opens] of Object.entries(results.get(s.root)!)) {
    console.log(`\n== ${s.root}, ${label}, ${opens.length} opens, load ${os.loadavg()[0]!.toFixed(2)}`);
    console.log(
      `marks (median ms): frame ${f0(median(opens.map((o) => o.marks.frame)))} table ${f0(median(opens.map((o) => o.marks.table)))} click ${f0(median(opens.map((o) => o.marks.click)))}`,
    );
    const kinds = ['script', 'compile', 'parse', 'style', 'layout', 'paint', 'gc', 'other'];
    console.log(`${'window'.padEnd(12)} ${kinds.map((k) => k.padStart(7)).join('')}   busy`);
    for (const w of ['→frame', 'frame→table', 'table→click', 'total']) {
      const per = kinds.map((k) => median(opens.map((o) => o.kinds[w]?.[k] ?? 0)));
      const busy = median(
        opens.map((o) =>
          Object.entries(o.kinds[w] ?? {})
            .filter(([k]) => !k.includes(':'))
            .reduce((a, [, b]) => a + b, 0),
        ),
      );
      console.log(`${w.padEnd(12)} ${per.map((x) => f0(x).padStart(7)).join('')} ${f0(busy)}`);
    }
    const top = (pick: (o: Measured) => Record<string, number>, n: number) => {
      const keys = new Set(opens.flatMap((o) => Object.keys(pick(o))));
      return [...keys]
        .map((k) => [k, median(opens.map((o) => pick(o)[k] ?? 0))] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, n);
    };
    console.log('trace events, self time over the whole open (median ms):');
    for (const [k, v] of top(
      (o) => Object.fromEntries(Object.entries(o.kinds.total ?? {}).filter(([n]) => n.includes(':'))),
      20,
    ))
      console.log(`  ${f0(v)}  ${k}`);
    console.log('self time after the first frame, by module (median ms):');
    for (const [k, v] of top((o) => o.self.modules, 25)) console.log(`  ${f0(v)}  ${k}`);
    console.log('… by function:');
    for (const [k, v] of top((o) => o.self.functions, 25)) console.log(`  ${f0(v)}  ${k}`);
  }
}
