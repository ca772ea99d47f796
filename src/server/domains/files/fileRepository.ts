import type { Queryable } from '../../db/Db.ts';
import { quote } from '../../crud/entityModel.ts';

/** A stored document by its file name: what its download needs. */
export async function documentByFilename(
  db: Queryable,
  filename: string,
): Promise<{ filename: string; originalFilename: string; mimeType: string } | undefined> {
  const { rows } = await db.query<{ filename: string; originalFilename: string; mimeType: string }>(
    `SELECT filename, "originalFilename", "mimeType" FROM "document" WHERE filename = $1`,
    [filename],
  );
  return rows[0];
}

/** The names of the documents' files (stored and original upload) that their records still name. */
export const documentFilesSql = (table: string) =>
  `SELECT filename FROM ${quote(table)} UNION ALL SELECT file FROM ${quote(table)}`;

/** The pictures these tables' records still name, or none. */
export const pictureFilesSql = (tables: readonly string[]) =>
  tables.length ? tables.map((t) => `SELECT image FROM ${quote(t)}`).join(' UNION ALL ') : null;
