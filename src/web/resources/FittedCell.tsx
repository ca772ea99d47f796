import { Box } from '@mui/material';
import type { PointerEvent, ReactNode } from 'react';
import type { ColumnDefinition } from '../../domain/resourceDefinition.ts';
import { cellWrap } from './listLayout.ts';

const WRAPS = {
  // Figures, dates, codes: their column is as wide as they are (listLayout.ts).
  none: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  words: { whiteSpace: 'normal' },
  lines: {
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
} as const;

/** Whether the element, or a chip in it, shows less than its whole text. */
const cut = (el: HTMLElement) =>
  [el, ...el.querySelectorAll<HTMLElement>('*')].some(
    (e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
  );

/** Names the whole value on hover when its cell shows only part of it. */
function nameWhenCut(e: PointerEvent<HTMLElement>) {
  const el = e.currentTarget;
  const whole = el.textContent ?? '';
  if (cut(el)) el.title = whole;
  else el.removeAttribute('title');
}

/** A cell's content held to its column: on one line, or on two lines cut beyond with the whole value on hover. */
export function FittedCell({ column, children }: { column: ColumnDefinition; children: ReactNode }) {
  const wrap = cellWrap(column);
  return (
    <Box component="span" data-wrap={wrap} sx={{ display: 'block', ...WRAPS[wrap] }} onPointerEnter={nameWhenCut}>
      {children}
    </Box>
  );
}
