import { useLayoutEffect, useRef, useState } from 'react';

/** Below this the page scrolls instead: a table a few rows high is no use. */
const MIN_HEIGHT = 240;

/** The CSS variable useFitToWindow sets on its element: the tallest it may be, in pixels. */
const FIT_MAX_HEIGHT = '--fit-max-height';

/**
 * The tallest an element may be for the page to fit the window: from its top to the window's bottom,
 * less whatever the page shows below it (the pager, the footer). A long list then scrolls inside its
 * table, with its header in view, instead of pushing the pager and the footer off screen. Written on the
 * element as FIT_MAX_HEIGHT, before the first paint, not kept in React's state: a second render of the whole
 * list (its 50 rows) only to pass a height down cost as much as the first.
 */
export function useFitToWindow<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const rect = el.getBoundingClientRect();
      const page = document.documentElement;
      const below = page.scrollHeight - (rect.bottom + window.scrollY);
      const height = Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - (rect.top + window.scrollY) - below));
      el.style.setProperty(FIT_MAX_HEIGHT, `${height}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  return { ref, maxHeight: `var(${FIT_MAX_HEIGHT})` };
}

/**
 * An element's width in whole pixels (rounded down, so that what is sized to it never spills over), followed as
 * the window or the layout changes; `initial` until it is first measured, before the first paint.
 */
export function useWidth<T extends HTMLElement>(initial: () => number) {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
