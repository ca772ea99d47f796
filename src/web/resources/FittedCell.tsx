import type { CSSProperties, PointerEvent, ReactNode } from 'react';
import type { ColumnDefinition } from '../../domain/resourceDefinition.ts';
import { cellWrap } from './listLayout.ts';

// Plain inline styles, not MUI's sx: a page has hundreds of cells, and sx is worked out again for each one.
const WRAPS: Record<ReturnType<typeof cellWrap>, CSSProperties> = {
  // Figures, dates, codes: their column is as wide as they are (listLayout.ts).
  none: { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  words: { display: 'block', whiteSpace: 'normal' },
  lines: {
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
};

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
    <span data-wrap={wrap} style={WRAPS[wrap]} onPointerEnter={nameWhenCut}>
      {children}
    </span>
  );
}
