import type { ReactNode } from 'react';
import type { ColumnDefinition } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { cellRegistry } from './cellRegistry.tsx';
import type { ReferenceLabel, ReferenceLabels } from '../api/referenceLabels.ts';

const lookupMap = (options: ReferenceLabel[] | undefined) => new Map((options ?? []).map((o) => [o.id, o.label]));

/** One cell of a record as every table shows it (list, print view, related records): by the column's kind. */
/** `lookups`: the names of the records the rows point to, as their answer carried them (`references`). */
export function renderCell(column: ColumnDefinition, row: Row, lookups: ReferenceLabels): ReactNode {
  return cellRegistry[column.kind](row[column.accessorKey], {
    column,
    row,
    lookup: lookupMap(column.reference ? lookups[column.reference] : undefined),
  });
}

export { cellAlign } from './cellText.ts';
