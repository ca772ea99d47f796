import type { ReactNode } from 'react';
import type { ColumnDefinition } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { cellRegistry } from './cellRegistry.tsx';
import type { ReferenceLabel, ReferenceLabels } from '../api/referenceLabels.ts';

// A page's names of one kind of record, by id: made once for all the cells that show them, not once for each cell.
const maps = new WeakMap<ReferenceLabel[], Map<number, string>>();
const NONE = new Map<number, string>();
function lookupMap(options: ReferenceLabel[] | undefined): Map<number, string> {
  if (!options) return NONE;
  let map = maps.get(options);
  if (!map) {
    map = new Map(options.map((o) => [o.id, o.label]));
    maps.set(options, map);
  }
  return map;
}

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
