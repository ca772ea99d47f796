import { DRAWER, PHONE_BELOW, TOP } from '../app/layoutSizes.ts';
import { firstFrame } from './firstFrame.ts';

/** A list's rows as its first frame shows them, before the app's code has arrived. */
export interface FirstFrameData {
  path: string;
  title: string;
  /** Room for the filters and the table's toolbar, which come with the app, so the rows do not jump. */
  toolbarSpace: number;
  columns: { key: string; header: string; align: 'left' | 'right' }[];
  rows: { id: string; cells: string[] }[];
}

const FONT = 'Roboto, Arial, sans-serif';
const CELL = `padding:6px 16px;border-bottom:1px solid rgba(224,224,224,1);font:14px ${FONT}`;

function element(tag: string, style: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  // Through the CSSOM, which the content security policy allows (a style attribute it would not).
  node.style.cssText = style;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draws the rows as a picture, with the DOM alone: React's first render on a cold main thread costs some
 * 50 ms more, and the entry's React then only draws its loading bar behind it. Hidden from assistive
 * technologies, which hear that bar until the app is there. Returns what takes the picture away; once it has
 * been painted, the app may render and load.
 */
export function drawFirstFrame(frame: FirstFrameData): () => void {
  const left = window.innerWidth < PHONE_BELOW ? 16 : DRAWER + 24;
  const picture = element('div', '');
  picture.setAttribute('aria-hidden', 'true');
  const page = element('div', `padding:${TOP + 24}px 24px 24px ${left}px`);
  page.append(element('h1', `font:400 1.5rem ${FONT};margin:0 0 ${frame.toolbarSpace}px`, frame.title), table(frame));
  picture.append(element('div', `position:fixed;inset:0 0 auto 0;height:${TOP}px;background:#1976d2`), page);
  document.body.prepend(picture);
  requestAnimationFrame(() => setTimeout(firstFrame.done));
  return () => picture.remove();
}

function table(frame: FirstFrameData) {
  const head = element('tr', '');
  for (const c of frame.columns) head.append(element('th', `${CELL};font-weight:500;text-align:${c.align}`, c.header));
  const body = element('tbody', '');
  for (const r of frame.rows) {
    const tr = element('tr', '');
    tr.dataset.previewRowId = r.id;
    r.cells.forEach((content, i) => tr.append(element('td', `${CELL};text-align:${frame.columns[i]?.align}`, content)));
    body.append(tr);
  }
  const thead = element('thead', '');
  thead.append(head);
  const t = element('table', 'border-collapse:collapse;width:100%');
  t.append(thead, body);
  return t;
}
