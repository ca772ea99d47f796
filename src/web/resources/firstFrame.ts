import type { FirstFrameData } from './firstFramePicture.ts';

let frame: FirstFrameData | null = null;
let erase: () => void = () => undefined;
let open: () => void = () => undefined;
let gate: Promise<void> | null = null;
// Once the app may render, rows that arrive later are the list's to show, not a picture's.
let late = false;
let pendingErase: ReturnType<typeof setTimeout> | undefined;

const takeAway = () => {
  erase();
  erase = () => undefined;
};

/**
 * The list's first frame: a list URL opened cold shows its rows as soon as they arrive, drawn plainly
 * (firstFramePicture.ts), and only then do the entry's React render and the app's code (hundreds of KB to
 * evaluate, a table drawn twice by material-react-table) load. It lives in the entry, so the entry stays free
 * of the list's code.
 */
export const firstFrame = {
  get: () => frame,
  /** The rows are there: `draw` puts them on screen and returns what takes them away; too late, it is not called. */
  show(next: FirstFrameData, draw: (frame: FirstFrameData) => () => void) {
    if (late) return firstFrame.done();
    frame = next;
    erase = draw(next);
  },
  /**
   * While the app is not there yet: the picture stays if it is of `pathname`. The returned call takes it away
   * a moment later, unless the app mounts again at once (React's StrictMode does, in development).
   */
  keepOn(pathname: string): () => void {
    clearTimeout(pendingErase);
    firstFrame.leftFor(pathname);
    return () => {
      late = true;
      pendingErase = setTimeout(takeAway);
    };
  },
  /**
   * The app is drawn in the picture's place, without a loading fallback: it goes a moment later. The returned
   * call keeps it, for an app unmounted at once (React's StrictMode, in development).
   */
  replaced(): () => void {
    late = true;
    clearTimeout(pendingErase);
    pendingErase = setTimeout(takeAway);
    return () => clearTimeout(pendingErase);
  },
  /** The app shows `pathname`: a picture of another address goes at once. */
  leftFor(pathname: string) {
    if (frame?.path !== pathname) takeAway();
  },
  /** A list will be drawn first: the app waits until it is on screen, or `waitMs` at most. */
  expect(waitMs: number) {
    gate ??= new Promise<void>((resolve) => {
      open = resolve;
      setTimeout(firstFrame.done, waitMs);
    });
  },
  /** The first frame is on screen, or will not be (another screen, a failed call, too late): the app may load. */
  done() {
    late = true;
    open();
  },
  /** Resolves when the app may render and start loading: at once when no first frame is expected. */
  ready: (): Promise<void> => gate ?? Promise.resolve(),
};
