import { DRAWER, pagePadding, PHONE_BELOW } from '../app/layoutSizes.ts';

/** How the list's table (and its first frame) scrolls: its scroll bar's gutter always kept. */
export const TABLE_SCROLL = 'overflow:auto;scrollbar-gutter:stable';

let gutter: number | undefined;

/**
 * The gutter the list's table keeps for its scroll bar (0 where scroll bars float over the content), measured
 * once on an element styled as the table's container.
 */
export function scrollbarWidth(): number {
  if (gutter === undefined) {
    const probe = document.createElement('div');
    probe.style.cssText = `position:fixed;visibility:hidden;width:100px;height:100px;${TABLE_SCROLL}`;
    document.body.append(probe);
    gutter = probe.offsetWidth - probe.clientWidth;
    probe.remove();
  }
  return gutter;
}

/** The page's width for its content in a window this wide: less the drawer (not on a phone) and the margins. */
export const contentWidth = (windowWidth: number): number =>
  windowWidth - (windowWidth >= PHONE_BELOW ? DRAWER : 0) - 2 * pagePadding(windowWidth);

/**
 * The room of a list's columns in content this wide: the table always keeps its scroll bar's gutter, so that
 * rows arriving or going (and the scroll bar with them) never change which columns fit.
 */
export const tableRoom = (content: number): number => content - scrollbarWidth();
