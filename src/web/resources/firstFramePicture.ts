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

function element(tag: string, className?: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// One style sheet for the picture (through the CSSOM, which the content security policy allows): five
// hundred cells, each with a style of its own to parse, took as long as drawing them.
function sheet(frame: FirstFrameData): CSSStyleSheet {
  const left = window.innerWidth < PHONE_BELOW ? 16 : DRAWER + 24;
  const css = new CSSStyleSheet();
  css.replaceSync(`
    .crm-ff { position: fixed; inset: 0; overflow: auto; background: #fff; z-index: 1400 }
    .crm-ff-top { position: absolute; inset: 0 0 auto 0; height: ${TOP}px; background: #1976d2 }
    .crm-ff-page { padding: ${TOP + 24}px 24px 24px ${left}px }
    .crm-ff-page h1 { font: 400 1.5rem ${FONT}; margin: 0 0 ${frame.toolbarSpace}px }
    .crm-ff-page table { border-collapse: collapse; width: 100% }
    .crm-ff-page th, .crm-ff-page td {
      padding: 6px 16px; border-bottom: 1px solid rgba(224, 224, 224, 1); font: 14px ${FONT}; text-align: left
    }
    .crm-ff-page th { font-weight: 500 }
    .crm-ff-page .crm-ff-right { text-align: right }`);
  return css;
}

/**
 * Draws the rows as a picture, with the DOM alone: React's first render on a cold main thread costs some
 * 50 ms more, and the entry's React then only draws its loading bar behind it. Hidden from assistive
 * technologies, which hear that bar until the app is there. Returns what takes the picture away; once it has
 * been painted, the app may render and load.
 */
export function drawFirstFrame(frame: FirstFrameData): () => void {
  const css = sheet(frame);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, css];
  // Above the app, which draws beneath it and shows when the picture goes.
  const picture = element('div', 'crm-ff');
  picture.setAttribute('aria-hidden', 'true');
  const page = element('div', 'crm-ff-page');
  page.append(element('h1', undefined, frame.title), table(frame));
  picture.append(element('div', 'crm-ff-top'), page);
  document.body.prepend(picture);
  requestAnimationFrame(() => setTimeout(firstFrame.done));
  return () => {
    picture.remove();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== css);
  };
}

function table(frame: FirstFrameData) {
  const aligned = frame.columns.map((c) => (c.align === 'right' ? 'crm-ff-right' : undefined));
  const head = element('tr');
  frame.columns.forEach((c, i) => head.append(element('th', aligned[i], c.header)));
  const body = element('tbody');
  for (const r of frame.rows) {
    const tr = element('tr');
    tr.dataset.previewRowId = r.id;
    r.cells.forEach((content, i) => tr.append(element('td', aligned[i], content)));
    body.append(tr);
  }
  const thead = element('thead');
  thead.append(head);
  const t = element('table');
  t.append(thead, body);
  return t;
}
