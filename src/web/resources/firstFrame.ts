/** A list's rows as its first frame shows them, before the app's code has arrived. */
export interface FirstFrameData {
  path: string;
  title: string;
  /** Room for the filters and the table's toolbar, which come with the app, so the rows do not jump. */
  toolbarSpace: number;
  columns: { key: string; header: string; align: 'left' | 'right' }[];
  rows: { id: string; cells: string[] }[];
}

type Listener = () => void;
let frame: FirstFrameData | null = null;
const listeners = new Set<Listener>();
let open: () => void = () => undefined;
let gate: Promise<void> | null = null;

/**
 * The list's first frame: a list URL opened cold shows its rows as soon as they arrive, drawn plainly by the
 * entry's React, and only then is the app's code (hundreds of KB to evaluate, a table drawn twice by
 * material-react-table) loaded. It lives in the entry, so the entry stays free of the list's code.
 */
export const firstFrame = {
  get: () => frame,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  show(next: FirstFrameData) {
    frame = next;
    for (const l of listeners) l();
  },
  /** A list will be drawn first: the app waits until it is on screen, or `waitMs` at most. */
  expect(waitMs: number) {
    gate ??= new Promise<void>((resolve) => {
      open = resolve;
      setTimeout(resolve, waitMs);
    });
  },
  /** The first frame is on screen, or will not be (another screen, a failed call): the app may load. */
  done() {
    open();
  },
  /** Resolves when the app may start loading: at once when no first frame is expected. */
  ready: (): Promise<void> => gate ?? Promise.resolve(),
};
