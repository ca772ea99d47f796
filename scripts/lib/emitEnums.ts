import type { Contract, Schema } from './loadContract.ts';

/** Every enumeration of schemas/common.json as a const list of value and Italian label. */
export function emitEnums(contract: Contract, banner: string): string {
  const defs = (contract.common.$defs ?? {}) as Record<string, Schema>;
  const lines = Object.entries(defs)
    .filter(([, def]) => Array.isArray(def.oneOf))
    .map(([name, def]) => {
      const options = (def.oneOf as Schema[]).map((o) => ({ value: o.const, label: o.title }));
      return `/** ${String(def.title ?? name)} */\nexport const ${name}Options = ${JSON.stringify(options, null, 2)} as const;\nexport const ${name}Values = ${name}Options.map((o) => o.value);\n`;
    });
  return `${banner}\n${lines.join('\n')}`;
}
