import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loginHeaders, startServer, type RunningServer } from '../helpers/startServer.ts';
import { PNG } from '../helpers/sampleFiles.ts';

// A real server on PGlite, killed (SIGKILL) at chosen points of an upload; the next start must leave in its
// folders only files that records name, and every file a record names must be there.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-upload-crash-'));
const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Carico-2025!', DEMO_DATA: '0' };
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const FOLDERS = ['accettazioni', 'files', 'files/trattative'];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A photo as a tablet sends it: a JPEG of a few hundred KB. */
const photo = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from('JFIF\0'), randomBytes(300_000)]);
/** A PDF of about 9 MB. */
const bigPdf = () =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj<</Length 9000000>>stream\n'),
    randomBytes(9_000_000),
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);

/** A multipart body, as bytes (so that the test knows when its last byte has left). */
async function multipart(parts: [string, string | Buffer, string?][]): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value, filename] of parts)
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), filename ?? `${name}.bin`);
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? '' };
}

type KillPoint =
  { after: 'last byte'; ms: number } | { after: 'first temporary file' | 'first file in place'; folder: string };

/**
 * Sends the upload and kills the server at the point: a number of ms after its last byte has left, or as soon
 * as the folder shows the first temporary file or the first file in place.
 */
async function uploadAndKill(
  url: string,
  headers: Record<string, string>,
  { body, type }: { body: Buffer; type: string },
  point: KillPoint,
): Promise<void> {
  const running = server as RunningServer;
  const watched = 'folder' in point ? path.join(dataDir, point.folder) : null;
  if (watched) fs.mkdirSync(watched, { recursive: true });
  let killed: Promise<void> | undefined;
  const kill = () => (killed ??= running.kill9());
  const watcher =
    watched &&
    fs.watch(watched, (_event, name) => {
      const temporary = /^\..+\.tmp$/.test(String(name));
      if (point.after === 'first temporary file' ? temporary : !temporary && !!name && !String(name).startsWith('.'))
        void kill();
    });
  const req = http.request(url, {
    method: 'POST',
    headers: { authorization: headers.authorization, 'content-type': type, 'content-length': body.length },
  });
  req.on('error', () => {});
  req.on('response', (res) => res.resume());
  req.end(body, () => {
    if (point.after === 'last byte') setTimeout(() => void kill(), point.ms);
  });
  // Whatever happens, the server is gone before the next start: killed at the point, or (an upload that
  // finished before the point came) killed now.
  await new Promise<void>((resolve) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return resolve();
    running.child.once('exit', () => resolve());
    req.once('response', () => setTimeout(() => void kill(), 'ms' in point ? point.ms : 0));
  });
  await killed;
  if (watcher) watcher.close();
  req.destroy();
}

const filesIn = (folder: string) => {
  const dir = path.join(dataDir, folder);
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
};

/** Every file name the records name, folder by folder, read through the API. */
async function referenced(url: string, headers: Record<string, string>, customer: number, negotiation: number) {
  const get = async <T>(p: string) => ((await (await fetch(`${url}${p}`, { headers })).json()) as { data: T }).data;
  const acceptances = await get<{ foto: string[] | null; firma: string | null }[]>(
    '/api/accettazioni_mezzi?page=0&rowsPerPage=0',
  );
  const documents = await get<{ filename: string }[]>(`/api/files?entity=customer&entityId=${customer}`);
  const { allegati } = await get<{ allegati: { path: string }[] }>(`/api/trattative_cp/${negotiation}`);
  const base = (n: string) => n.split('/').pop() as string;
  return {
    accettazioni: acceptances.flatMap((a) => [...(a.foto ?? []), ...(a.firma ? [a.firma] : [])]).map(base),
    files: documents.map((d) => base(d.filename)),
    'files/trattative': allegati.map((a) => base(a.path)),
  } as Record<string, string[]>;
}

describe('an upload killed at any point leaves no file behind after the next start', () => {
  it('acceptances with 19 photos, documents of 9 MB and negotiation attachments, killed at several points', async () => {
    server = await startServer(env);
    let headers = await loginHeaders(server.url, 'admin', env.ADMIN_PASSWORD);
    const me = (await (await fetch(`${server.url}/api/users/me`, { headers })).json()) as { data: { id: number } };
    const customer = await fetch(`${server.url}/api/customers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ companyName: 'Scavi Orobici S.r.l.', vatNumber: '00743110157' }),
    });
    const customerId = ((await customer.json()) as { data: { id: number } }).data.id;
    const negotiation = await fetch(`${server.url}/api/trattative_cp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ragioneSociale: 'Scavi Orobici S.r.l.' }),
    });
    const negotiationId = ((await negotiation.json()) as { data: { id: number } }).data.id;

    const acceptance = () => {
      const photos = Array.from({ length: 19 }, photo);
      return multipart([
        ['operatore', String(me.data.id)],
        ['dataAccettazione', '2026-11-26'],
        ['matricole', 'SN-CRASH'],
        ['km', '12500'],
        ...photos.map((p, i): [string, Buffer] => [`foto-${i}`, p]),
        ...photos.map((p): [string, string] => ['fotoSha256[]', sha(p)]),
        ['firma', PNG, 'firma.png'],
      ]);
    };
    const document = () =>
      multipart([
        ['file', bigPdf(), 'contratto.pdf'],
        ['data', JSON.stringify({ entity: 'customer', entityId: customerId })],
      ]);
    const attachments = () =>
      multipart([
        ['trattativaCpId', String(negotiationId)],
        ...[0, 1, 2].flatMap((n): [string, string | Buffer, string?][] => [
          [`file-${n}`, bigPdf().subarray(0, 2_000_000 + n), `listino-${n}.pdf`],
          [`descrizione-${n}`, `Listino ${n}`],
        ]),
      ]);
    const rounds: [string, () => Promise<{ body: Buffer; type: string }>, KillPoint][] = [
      ['/api/accettazioni_mezzi', acceptance, { after: 'first temporary file', folder: 'accettazioni' }],
      ['/api/accettazioni_mezzi', acceptance, { after: 'first file in place', folder: 'accettazioni' }],
      ['/api/accettazioni_mezzi', acceptance, { after: 'last byte', ms: 60 }],
      ['/api/files', document, { after: 'last byte', ms: 40 }],
      ['/api/files', document, { after: 'first file in place', folder: 'files' }],
      ['/api/trattativa_cp_allegato', attachments, { after: 'first file in place', folder: 'files/trattative' }],
    ];
    const leftByCrashes: number[] = [];
    for (const [route, payload, point] of rounds) {
      await uploadAndKill(`${server.url}${route}`, headers, await payload(), point);
      const onDisk = Object.fromEntries(FOLDERS.map((f) => [f, filesIn(f)]));

      server = await startServer(env);
      headers = await loginHeaders(server.url, 'admin', env.ADMIN_PASSWORD);
      const names = await referenced(server.url, headers, customerId, negotiationId);
      leftByCrashes.push(
        FOLDERS.reduce((n, f) => n + (onDisk[f] ?? []).filter((x) => !names[f]?.includes(x)).length, 0),
      );
      for (const folder of FOLDERS) {
        // Only what a record names is left (no temporary file, no orphan), and all of it is there.
        expect(filesIn(folder).sort(), `${route}, ${JSON.stringify(point)}: ${folder}`).toEqual(
          [...new Set(names[folder])].sort(),
        );
      }
    }
    // The crashes did leave files behind (temporary, or in place without their record) for the start to remove.
    expect(leftByCrashes[0]).toBeGreaterThan(0);
    expect(leftByCrashes.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
  }, 900_000);
});
