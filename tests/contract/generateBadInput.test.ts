import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContractError, type ContractProblem } from '../../scripts/lib/contractError.ts';
import { generateFiles } from '../../scripts/generateFiles.ts';
import { copyProject, editJson, snapshot } from '../helpers/copyProject.ts';
import { run } from '../helpers/run.ts';

let root = '';
let remove = () => {};
let pristine = new Map<string, string>();
beforeAll(() => {
  ({ root, remove } = copyProject());
  pristine = snapshot(root);
});
afterAll(() => remove());
afterEach(() => restore());

function restore(): void {
  const now = snapshot(root);
  for (const rel of now.keys()) if (!pristine.has(rel)) fs.rmSync(path.join(root, rel));
  for (const [rel, text] of pristine) {
    if (now.get(rel) === text) continue;
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
}

/** Applies a change to the copy, collects the problems generation reports, then restores the copy. */
async function problemsAfter(change: () => void): Promise<ContractProblem[]> {
  change();
  try {
    await generateFiles(root);
    return [];
  } catch (err) {
    if (err instanceof ContractError) return err.problems;
    throw err;
  } finally {
    restore();
  }
}

const agent = () => path.join(root, 'schemas/agent.json');

describe('npm run generate refuses a broken contract, saying where and why', () => {
  it.each<[string, () => void, ContractProblem]>([
    [
      'invalid JSON',
      () => fs.writeFileSync(agent(), '{ "title": "Agente", '),
      { file: 'schemas/agent.json', pointer: '', reason: expect.stringContaining('invalid JSON') },
    ],
    [
      'an unknown x-resource key',
      () =>
        editJson(agent(), (s) => {
          (s['x-resource'] as Record<string, unknown>).colonne = ['name'];
        }),
      {
        file: 'schemas/agent.json',
        pointer: '/x-resource',
        reason: 'must NOT have additional properties: unknown key "colonne"',
      },
    ],
    [
      'a column that is not a property',
      () =>
        editJson(agent(), (s) => {
          (s['x-resource'] as Record<string, unknown>).columns = ['nome'];
        }),
      {
        file: 'schemas/agent.json',
        pointer: '/x-resource/columns/0',
        reason: '"nome" is not a property of this schema',
      },
    ],
    [
      'a reference to no resource',
      () =>
        editJson(agent(), (s) => {
          (s['x-resource'] as Record<string, unknown>).references = { code: 'nessuno' };
        }),
      {
        file: 'schemas/agent.json',
        pointer: '/x-resource/references/code',
        reason: 'no schema defines the resource "nessuno"',
      },
    ],
    [
      'a colour chip naming a field that is not a property',
      () =>
        editJson(agent(), (s) => {
          (s['x-resource'] as Record<string, unknown>).colorChip = { background: 'sfondo', text: 'name' };
        }),
      {
        file: 'schemas/agent.json',
        pointer: '/x-resource/colorChip/background',
        reason: '"sfondo" is not a property of this schema',
      },
    ],
    [
      'a priority that is no rank',
      () =>
        editJson(agent(), (s) => {
          (s['x-resource'] as Record<string, unknown>).priority = { name: 'alta' };
        }),
      {
        file: 'schemas/agent.json',
        pointer: '/x-resource/priority/name',
        reason: expect.stringContaining('must be equal to one of the allowed values'),
      },
    ],
    [
      'a priority for a field that is not a property',
      () =>
        editJson(agent(), (s) => {
          (s['x-resource'] as Record<string, unknown>).priority = { nome: 1 };
        }),
      {
        file: 'schemas/agent.json',
        pointer: '/x-resource/priority/nome',
        reason: '"nome" is not a property of this schema',
      },
    ],
    [
      'an unknown role',
      () =>
        editJson(agent(), (s) => {
          (s['x-resource'] as Record<string, unknown>).roles = ['ROLE_CAPO'];
        }),
      { file: 'schemas/agent.json', pointer: '/x-resource/roles/0', reason: 'unknown role "ROLE_CAPO"' },
    ],
    [
      'a misspelt JSON Schema type',
      () =>
        editJson(agent(), (s) => {
          ((s.properties as Record<string, Record<string, unknown>>).name ?? {}).type = 'strnig';
        }),
      { file: 'schemas/agent.json', pointer: '/properties/name/type', reason: expect.any(String) },
    ],
    [
      'a missing metadata block',
      () =>
        editJson(agent(), (s) => {
          delete s['x-resource'];
        }),
      { file: 'schemas/agent.json', pointer: '', reason: 'missing the "x-resource" metadata block' },
    ],
    [
      'a $ref to a missing file',
      () =>
        editJson(agent(), (s) => {
          (s.properties as Record<string, unknown>).extra = { $ref: 'nessuno.json' };
        }),
      { file: 'schemas/agent.json', pointer: '', reason: expect.stringContaining('nessuno.json') },
    ],
  ])('%s', async (_name, change, want) => {
    expect(await problemsAfter(change)).toContainEqual(want);
  });

  it('an openapi.yaml $ref that resolves nowhere', async () => {
    const file = path.join(root, 'openapi.yaml');
    const problems = await problemsAfter(() =>
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').replace('$ref: ./schemas/agent.json', '$ref: ./schemas/agente.json'),
      ),
    );
    expect(problems).toContainEqual({
      file: 'openapi.yaml',
      pointer: '/components/schemas/Agent',
      reason: expect.stringContaining("Can't resolve $ref"),
    });
  });

  it('an openapi.yaml that is not YAML', async () => {
    const file = path.join(root, 'openapi.yaml');
    const problems = await problemsAfter(() => fs.appendFileSync(file, '\npaths: [unclosed\n'));
    expect(problems[0]).toMatchObject({ file: 'openapi.yaml', pointer: '' });
    expect(problems[0]?.reason).toMatch(/^line \d+/);
  });

  it('the command exits non-zero, prints file#pointer: reason, and writes nothing', () => {
    editJson(agent(), (s) => {
      (s['x-resource'] as Record<string, unknown>).colonne = ['name'];
    });
    fs.rmSync(path.join(root, 'generated/resources/agent.ts'));
    const before = snapshot(path.join(root, 'generated'));
    const r = run(root, 'node', ['scripts/generate.ts']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'schemas/agent.json#/x-resource: must NOT have additional properties: unknown key "colonne"',
    );
    expect(r.out).toContain('nothing was written');
    expect(snapshot(path.join(root, 'generated'))).toEqual(before);
  });
});

describe('npm run generate:check', () => {
  it('passes on the committed tree and fails, naming the files, when a schema changed without regenerating', () => {
    const first = run(root, 'node', ['scripts/generate.ts', '--check']);
    expect(first.out).toContain('up to date');
    editJson(agent(), (s) => {
      (s.properties as Record<string, unknown>).telefono = { type: 'string', title: 'Telefono' };
    });
    const r = run(root, 'node', ['scripts/generate.ts', '--check']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('generated/entities.ts');
    expect(r.out).toContain('generated/resources/agent.ts');
  });
});
