/** The brochures' PDFs that their records still name (the sweep at start removes the rest). */
export const BROCHURE_FILES_SQL = `SELECT "pdfFile" FROM "invioBrochure" WHERE "pdfFile" IS NOT NULL`;
