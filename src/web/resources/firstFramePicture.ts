import { DRAWER, pagePadding, PHONE_BELOW, TOP } from '../app/layoutSizes.ts';
import { messages } from '../i18n/messages.ts';
import { firstFrame } from './firstFrame.ts';
import {
  CELL_PADDING,
  EXPAND_WIDTH,
  type CardLayout,
  type CellWrap,
  type ListLayout,
  type TableLayout,
} from './listLayout.ts';
import { TABLE_SCROLL } from './listRoom.ts';
import { DENSITY_PADDING, type TablePreferences } from './tablePreferences.ts';
import { FONT_FAMILY } from './textWidth.ts';

/** A list's rows as its first frame shows them, before the app's code has arrived. */
export interface FirstFrameData {
  path: string;
  title: string;
  /** Room for the filters and the table's toolbar, which come with the app, so the rows do not jump. */
  toolbarSpace: number;
  /** Every column of the list; `layout` says which are shown. */
  columns: { key: string; header: string; align: 'left' | 'right'; wrap: CellWrap }[];
  /** Each row's cells as text, in the order of `columns`. */
  rows: { id: string; cells: string[] }[];
  /** Which columns a table this wide shows, and how wide each is: the app's own layout (listLayout.ts). */
  layout: (width: number) => ListLayout;
  /** The width of the column of row buttons, 0 when there is none. */
  actions: number;
  /** The user's density for this list: the rows' and headers' padding. */
  density: TablePreferences['density'];
}

/** Room the phone's cards leave above them for the sort choice. */
const SORT_CHOICE = 56;

function element(tag: string, className?: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// One style sheet for the picture (through the CSSOM, which the content security policy allows): five
// hundred cells, each with a style of its own to parse, took as long as drawing them.
function sheet(frame: FirstFrameData): CSSStyleSheet {
  const width = window.innerWidth;
  const margin = pagePadding(width);
  const left = (width < PHONE_BELOW ? 0 : DRAWER) + margin;
  const pad = `${CELL_PADDING / 2}px`;
  const y = DENSITY_PADDING[frame.density];
  const css = new CSSStyleSheet();
  css.replaceSync(`
    .crm-ff { position: fixed; inset: 0; overflow: hidden; background: #fff; z-index: 1400 }
    .crm-ff-top { position: absolute; inset: 0 0 auto 0; height: ${TOP}px; background: #1976d2 }
    .crm-ff-page { padding: ${TOP + margin}px ${margin}px ${margin}px ${left}px; font: 14px/1.43 ${FONT_FAMILY} }
    .crm-ff-page h1 { font: 400 1.5rem ${FONT_FAMILY}; margin: 0 0 ${frame.toolbarSpace}px }
    .crm-ff-rows { ${TABLE_SCROLL} }
    .crm-ff-page table { border-collapse: collapse; table-layout: fixed; width: 100% }
    .crm-ff-page th, .crm-ff-page td {
      padding: ${y.data}px ${pad}; border-bottom: 1px solid rgba(224, 224, 224, 1); text-align: left;
      letter-spacing: 0.01071em; vertical-align: middle; overflow: hidden
    }
    .crm-ff-page th { font-weight: 700; padding: ${y.headTop}px ${pad} ${y.headBottom}px; vertical-align: top }
    .crm-ff-page .crm-ff-right { text-align: right }
    .crm-ff-page .crm-ff-none { white-space: nowrap; text-overflow: ellipsis }
    .crm-ff-page .crm-ff-lines > span {
      display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;
      overflow-wrap: anywhere
    }
    .crm-ff-page ul { list-style: none; margin: ${SORT_CHOICE}px 0 0; padding: 0 }
    .crm-ff-page li { padding: 8px 12px; border-bottom: 1px solid rgba(224, 224, 224, 1); overflow-wrap: anywhere }
    .crm-ff-page li p { margin: 0; font-weight: 500; font-size: 1rem }
    .crm-ff-page dl { margin: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 4px 16px }
    .crm-ff-page dt { font-size: 0.75rem; color: rgba(0, 0, 0, 0.6) }
    .crm-ff-page dd { margin: 0 }`);
  return css;
}

/**
 * Draws the rows as a picture, with the DOM alone: React's first render on a cold main thread costs some
 * 50 ms more, and the entry's React then only draws its loading bar behind it. The same columns as the table
 * that replaces it, at the same widths: its room is measured as the table's is, before the rows are drawn.
 * Hidden from assistive technologies, which hear that bar until the app is there. Returns what takes the
 * picture away; once it has been painted, the app may render and load.
 */
export function drawFirstFrame(frame: FirstFrameData): () => void {
  const css = sheet(frame);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, css];
  // Above the app, which draws beneath it and shows when the picture goes.
  const picture = element('div', 'crm-ff');
  picture.setAttribute('aria-hidden', 'true');
  const page = element('div', 'crm-ff-page');
  const rows = element('div', 'crm-ff-rows');
  page.append(element('h1', undefined, frame.title), rows);
  picture.append(element('div', 'crm-ff-top'), page);
  document.body.prepend(picture);
  const layout = frame.layout(rows.clientWidth);
  rows.append(layout.mode === 'table' ? table(frame, layout) : cards(frame, layout));
  requestAnimationFrame(() => setTimeout(firstFrame.done));
  return () => {
    picture.remove();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== css);
  };
}

type Column = { index: number; className: string; width: number; header: string };

function table(frame: FirstFrameData, layout: TableLayout) {
  const widths = new Map(layout.columns.map((c) => [c.key, c.width]));
  const shown: Column[] = frame.columns.flatMap((c, index) => {
    const width = widths.get(c.key);
    const align = c.align === 'right' ? ' crm-ff-right' : '';
    return width === undefined ? [] : [{ index, className: `crm-ff-${c.wrap}${align}`, width, header: c.header }];
  });
  const blank = (header: string, width: number): Column => ({ index: -1, className: '', width, header });
  const all = [
    ...(layout.expand ? [blank('', EXPAND_WIDTH)] : []),
    ...shown,
    ...(frame.actions > 0 ? [blank(messages.list.actions, frame.actions)] : []),
  ];
  const colgroup = element('colgroup');
  const head = element('tr');
  for (const c of all) {
    const col = element('col');
    col.style.width = `${c.width}px`;
    colgroup.append(col);
    head.append(element('th', c.className || undefined, c.header));
  }
  const body = element('tbody');
  for (const r of frame.rows) {
    const tr = element('tr');
    tr.dataset.previewRowId = r.id;
    for (const c of all) {
      const td = element('td', c.className || undefined);
      td.append(element('span', undefined, r.cells[c.index] ?? ''));
      tr.append(td);
    }
    body.append(tr);
  }
  const thead = element('thead');
  thead.append(head);
  const t = element('table');
  t.append(colgroup, thead, body);
  return t;
}

function cards(frame: FirstFrameData, layout: CardLayout) {
  const at = (key: string) => frame.columns.findIndex((c) => c.key === key);
  const list = element('ul');
  for (const r of frame.rows) {
    const li = element('li');
    li.dataset.previewRowId = r.id;
    li.append(element('p', undefined, layout.title.map((k) => r.cells[at(k)] ?? '').join(' · ')));
    const facts = element('dl');
    for (const key of layout.facts) {
      const item = element('div');
      item.append(element('dt', undefined, frame.columns[at(key)]?.header), element('dd', undefined, r.cells[at(key)]));
      facts.append(item);
    }
    li.append(facts);
    list.append(li);
  }
  return list;
}
