import { quote } from '../../crud/entityModel.ts';

/**
 * The brochures' PDFs that their records still name (the sweep at start removes the rest). The table is the
 * generic layer's (a configuration table): its name comes from the model, never written here.
 */
export const brochureFilesSql = (table: string) => `SELECT "pdfFile" FROM ${quote(table)} WHERE "pdfFile" IS NOT NULL`;
