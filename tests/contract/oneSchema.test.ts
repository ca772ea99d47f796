import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../src/domain/resourceDefinition.ts';
import { copyProject, editJson, snapshot } from '../helpers/copyProject.ts';
import { run } from '../helpers/run.ts';

// A developer adds a field by editing one schema, and every layer follows.
describe('adding a field to one schema', () => {
  let root = '';
  let remove = () => {};
  let before = new Map<string, string>();
  let after = new Map<string, string>();
  let generate = { code: -1, out: '' };

  beforeAll(() => {
    ({ root, remove } = copyProject('crm-one-schema-'));
    before = snapshot(root);
    editJson(path.join(root, 'schemas/agent.json'), (s) => {
      (s.properties as Record<string, unknown>).cellulareAziendale = {
        type: 'string',
        title: 'Cellulare aziendale',
        maxLength: 30,
        examples: ['335 765 4321'],
      };
    });
    generate = run(root, 'node', ['scripts/generate.ts']);
    after = snapshot(root);
  });
  afterAll(() => remove());

  const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

  it('regenerates without errors', () => {
    expect(generate.code, generate.out).toBe(0);
  });

  it('changes nothing but the schema and generated/', () => {
    const changed = [...after].filter(([rel, text]) => before.get(rel) !== text).map(([rel]) => rel);
    expect(changed.filter((rel) => !rel.startsWith('generated/'))).toEqual(['schemas/agent.json']);
  });

  it('puts the field in the entity type', () => {
    expect(read('generated/entities.ts')).toMatch(/export interface Agent \{[^}]*cellulareAziendale\?: string;/s);
  });

  it('puts the field in the API types', () => {
    expect(read('generated/api.ts')).toMatch(/agent: \{[^}]*cellulareAziendale\?: string;/s);
  });

  it('puts the field in the column, filter-free list and form definitions', async () => {
    const { resource } = (await import(path.join(root, 'generated/resources/agent.ts'))) as {
      resource: ResourceDefinition;
    };
    expect(resource.columns).toContainEqual({
      accessorKey: 'cellulareAziendale',
      header: 'Cellulare aziendale',
      kind: 'text',
      enableSorting: true,
      priority: 2,
    });
    expect(resource.form.schema.properties).toHaveProperty('cellulareAziendale', {
      type: 'string',
      title: 'Cellulare aziendale',
      maxLength: 30,
    });
    expect(resource.form.uiSchema['ui:order']).toContain('cellulareAziendale');
  });

  it('still type-checks', () => {
    const tsc = run(root, 'tsc', ['--noEmit', '-p', '.']);
    expect(tsc.code, tsc.out).toBe(0);
  });
});
