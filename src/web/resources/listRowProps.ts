import type { CSSProperties } from 'react';
import type { Row } from '../api/resourceApi.ts';
import { ROW_COLORS, type BodyRowProps } from './ListTableBody.tsx';
import type { ListController } from './useListController.ts';

/**
 * A table row's attributes: the record's id, its tone (an overdue call, in red), the colours of its status, and,
 * for a record with its own page, a click anywhere on the row but its buttons that opens it. Their look is the
 * table body's (ListTableBody.tsx, bodyStyles).
 */
export function listRowProps(
  controller: ListController,
  row: Row,
  opens: boolean,
  tone: 'error' | undefined,
): BodyRowProps {
  const colors = controller.rowColors(row);
  return {
    'data-row-id': String(row.id),
    'data-tone': tone,
    tabIndex: 0,
    ...(opens
      ? {
          'data-opens': '',
          onClick: (e: React.MouseEvent) => {
            if (!(e.target as HTMLElement).closest('button')) controller.open(row);
          },
        }
      : {}),
    ...(colors
      ? {
          'data-colored': '',
          style: { [ROW_COLORS.background]: colors.background, [ROW_COLORS.text]: colors.text } as CSSProperties,
        }
      : {}),
  };
}
