const EVENT = 'crm:search';

/**
 * The search box of the top bar is opened by an event, from the keyboard (Ctrl+K) or from a screen that has a
 * text to look for (a missed call's number): no screen imports the box.
 */
export const searchBox = {
  open(text = '') {
    window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: text }));
  },
  listen(fn: (text: string) => void) {
    const handler = (e: Event) => fn((e as CustomEvent<string>).detail);
    window.addEventListener(EVENT, handler);
    return () => window.removeEventListener(EVENT, handler);
  },
};
