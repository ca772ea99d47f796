import path from 'node:path';

/** A source file: its path from the project's root and its code (comments may be left in: imports are read). */
export interface SourceFile {
  file: string;
  code: string;
}

export const WORKFLOWS_DIR = 'src/web/workflows';
/** Longest a component file may be: past it, a person no longer holds it in mind; split it into its parts. */
export const MAX_COMPONENT_LINES = 250;

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The workflow a file of src/web/workflows/<name>/ belongs to, if any (the folder's own files belong to none). */
const workflowOf = (file: string) => {
  const rest = path.relative(WORKFLOWS_DIR, file).split(path.sep);
  return rest.length > 1 && rest[0] !== '..' ? rest[0] : undefined;
};

/**
 * Imports of one web workflow into another anywhere but its door, `<name>/index.ts`: a workflow uses another only
 * through what that one chose to export. Static, dynamic and type imports alike.
 */
export function crossWorkflowImports(files: readonly SourceFile[]): string[] {
  return files.flatMap(({ file, code }) => {
    const own = workflowOf(file);
    if (!own) return [];
    return [...code.matchAll(IMPORT)]
      .map((m) => path.normalize(path.join(path.dirname(file), m[1] ?? '')))
      .filter((target) => {
        const other = workflowOf(target);
        return other !== undefined && other !== own && target !== path.join(WORKFLOWS_DIR, other, 'index.ts');
      })
      .map((target) => `${file} -> ${target}`);
  });
}

/** Component files (.tsx) longer than MAX_COMPONENT_LINES, with their length. */
export function longComponents(files: readonly SourceFile[]): string[] {
  return files
    .filter(({ file }) => file.endsWith('.tsx'))
    .map(({ file, code }) => ({ file, lines: code.replace(/\n$/, '').split('\n').length }))
    .filter(({ lines }) => lines > MAX_COMPONENT_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

/**
 * Workflows missing from a list of them: each folder of src/web/workflows holding `fileName` must be imported by
 * the list (`list`, the list's own code). The app's router, menu and home read the lists, never the folders.
 */
export function unlisted(
  folders: readonly { name: string; files: readonly string[] }[],
  fileName: string,
  list: string,
) {
  return folders
    .filter((f) => f.files.includes(fileName))
    .filter((f) => !list.includes(`'./${f.name}/${fileName}'`))
    .map((f) => `${f.name}/${fileName}`);
}
