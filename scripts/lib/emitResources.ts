import type { ResourceDefinition } from '../../src/domain/resourceDefinition.ts';

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** One module per resource plus a light index (routes, menu, roles) that loads them lazily. */
export function emitResources(defs: ResourceDefinition[], banner: string): Map<string, string> {
  const out = new Map<string, string>();
  const sorted = [...defs].sort((a, b) => a.name.localeCompare(b.name));
  for (const def of sorted) {
    out.set(
      `generated/resources/${kebab(def.name)}.ts`,
      `${banner}import type { ResourceDefinition } from '../../src/domain/resourceDefinition.ts';\n\n` +
        `export const resource = ${JSON.stringify(def, null, 2)} satisfies ResourceDefinition;\n`,
    );
  }
  const entries = sorted.map((d) => {
    const light = {
      name: d.name,
      title: d.title,
      grammar: d.grammar,
      label: d.label,
      collection: d.collection,
      route: d.route,
      menu: d.menu,
      roles: d.roles,
      displayField: d.displayField,
      search: d.search,
      searchKinds: d.searchKinds,
      sort: d.sort,
      list: d.api.list?.path ?? null,
    };
    const body = JSON.stringify(light, null, 2).replace(
      /\n}$/,
      `,\n  "load": () => import('./resources/${kebab(d.name)}.ts').then((m) => m.resource as ResourceDefinition)\n}`,
    );
    return `  ${JSON.stringify(d.name)}: ${body.replace(/\n/g, '\n  ')}`;
  });
  out.set(
    'generated/resourceIndex.ts',
    `${banner}import type { ResourceDefinition, ResourceIndexEntry } from '../src/domain/resourceDefinition.ts';\n\n` +
      `export const resourceIndex = {\n${entries.join(',\n')}\n} satisfies Record<string, ResourceIndexEntry>;\n\n` +
      `export type ResourceName = keyof typeof resourceIndex;\n`,
  );
  return out;
}
