import type { ServerModule } from '../../context.ts';
import { namedBy } from '../../storage/sweep.ts';
import { importHandlers } from './importHandlers.ts';
import { IMPORT_FOLDER } from './importRunner.ts';

/**
 * Import of a company's own records from an Excel or CSV file, for every resource whose schema declares
 * `x-resource.import` (README.md beside this file). Names no entity.
 */
export const importModule: ServerModule = {
  handlers: importHandlers,
  files: () => [
    { folder: IMPORT_FOLDER, referenced: namedBy(`SELECT "fileKey" FROM "importJob" WHERE "fileKey" IS NOT NULL`) },
  ],
};
