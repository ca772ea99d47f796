import type { Row } from '../api/resourceApi.ts';
import type { ListController } from './useListController.ts';

/**
 * A table row's attributes: the record's id, its tone (an overdue call, in red), the colours of its status, and,
 * for a record with its own page, a click anywhere on the row but its buttons that opens it.
 */
export function listRowProps(controller: ListController, row: Row, opens: boolean, tone: 'error' | undefined): object {
  const colors = controller.rowColors(row);
  return {
    'data-row-id': String(row.id),
    ...(tone ? { 'data-tone': tone } : {}),
    tabIndex: 0,
    ...(opens
      ? { onClick: (e: React.MouseEvent) => !(e.target as HTMLElement).closest('button') && controller.open(row) }
      : {}),
    sx: {
      ...(opens ? { cursor: 'pointer' } : {}),
      ...(colors
        ? { '& > td:not([data-pinned="true"])': { backgroundColor: colors.background, color: colors.text } }
        : {}),
      ...(tone
        ? { '& td': { bgcolor: 'rgba(211, 47, 47, 0.08)' }, '& td:first-of-type': { boxShadow: 'inset 4px 0 #d32f2f' } }
        : {}),
    },
  };
}
