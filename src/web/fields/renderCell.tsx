import type { ReactNode } from 'react';
import type { ColumnDefinition, FieldKind } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { cellRegistry } from './cellRegistry.tsx';
import type { LookupOption, Lookups } from './useLookup.ts';

const lookupMap = (options: LookupOption[] | undefined) => new Map((options ?? []).map((o) => [o.id, o.label]));

/** One cell of a record as every table shows it (list, print view, related records): by the column's kind. */
export function renderCell(column: ColumnDefinition, row: Row, lookups: Lookups): ReactNode {
  return cellRegistry[column.kind](row[column.accessorKey], {
    column,
    row,
    lookup: lookupMap(column.reference ? lookups[column.reference] : undefined),
  });
}

const FIGURES = new Set<FieldKind>(['integer', 'number', 'money', 'percentage', 'quantity', 'duration', 'fileSize']);

/** Figures line up on the right, so units, tens and decimals stand under each other. */
export const cellAlign = (column: ColumnDefinition): 'right' | 'left' => (FIGURES.has(column.kind) ? 'right' : 'left');
