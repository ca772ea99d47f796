import type { ReactNode } from 'react';

export interface SidePanelContent {
  title: string;
  subtitle?: string;
  /** CSS width limit; SPEC.md section 9: 33% by default. */
  maxWidth?: string;
  /** An optional guide, opened by the info button. */
  guide?: ReactNode;
  body: ReactNode;
}

const EVENT = 'crm:side-panel';
type Detail = { visible: true; content: SidePanelContent } | { visible: false };

/** The side panel is opened and closed by an event carrying a visible flag (SPEC.md section 2). */
export const sidePanel = {
  open(content: SidePanelContent) {
    window.dispatchEvent(new CustomEvent<Detail>(EVENT, { detail: { visible: true, content } }));
  },
  close() {
    window.dispatchEvent(new CustomEvent<Detail>(EVENT, { detail: { visible: false } }));
  },
  listen(fn: (detail: Detail) => void) {
    const handler = (e: Event) => fn((e as CustomEvent<Detail>).detail);
    window.addEventListener(EVENT, handler);
    return () => window.removeEventListener(EVENT, handler);
  },
};
