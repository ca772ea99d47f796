import fs from 'node:fs';
import path from 'node:path';
import { ContractError } from './lib/contractError.ts';
import { generateFiles } from './generateFiles.ts';

// Usage: tsx scripts/generate.ts [--check] [--root DIR]
const args = process.argv.slice(2);
const check = args.includes('--check');
const rootArg = args.indexOf('--root');
const root = path.resolve(rootArg >= 0 ? (args[rootArg + 1] ?? '.') : '.');

function existingFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

async function main(): Promise<number> {
  let files: Map<string, string>;
  try {
    files = await generateFiles(root);
  } catch (err) {
    if (err instanceof ContractError) {
      console.error(`The contract has ${err.problems.length} problem(s); nothing was written:`);
      for (const p of err.problems) console.error(`  ${p.file}#${p.pointer}: ${p.reason}`);
      return 1;
    }
    throw err;
  }
  const existing = existingFiles(path.join(root, 'generated'));
  const stale = existing.filter((f) => !files.has(f));
  const changed = [...files]
    .filter(([f, text]) => !fs.existsSync(path.join(root, f)) || fs.readFileSync(path.join(root, f), 'utf8') !== text)
    .map(([f]) => f);
  if (check) {
    if (stale.length + changed.length === 0) {
      console.log(`generated/ is up to date (${files.size} files).`);
      return 0;
    }
    console.error('generated/ is stale; run `npm run generate` and commit the result:');
    for (const f of [...changed, ...stale]) console.error(`  ${f}`);
    return 1;
  }
  for (const f of stale) fs.rmSync(path.join(root, f));
  for (const f of changed) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), files.get(f) ?? '');
  }
  console.log(
    `generated/: ${changed.length} written, ${stale.length} removed, ${files.size - changed.length} unchanged.`,
  );
  return 0;
}

process.exitCode = await main();
