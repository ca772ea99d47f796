import type { FirstFrameData } from './firstFramePicture.ts';

let frame: FirstFrameData | null = null;
let erase: () => void = () => undefined;
let open: () => void = () => undefined;
let gate: Promise<void> | null = null;

/**
 * The list's first frame: a list URL opened cold shows its rows as soon as they arrive, drawn plainly
 * (firstFramePicture.ts), and only then do the entry's React render and the app's code (hundreds of KB to
 * evaluate, a table drawn twice by material-react-table) load. It lives in the entry, so the entry stays free
 * of the list's code.
 */
export const firstFrame = {
  get: () => frame,
  /** The rows are on their way to the screen; `eraser` takes them away. */
  show(next: FirstFrameData, eraser: () => void) {
    frame = next;
    erase = eraser;
  },
  /** While the app is not there yet: the picture stays if it is of `pathname`; the returned call takes it away. */
  keepOn(pathname: string): () => void {
    const takeAway = () => {
      erase();
      erase = () => undefined;
    };
    if (frame?.path !== pathname) takeAway();
    return takeAway;
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
  /** Resolves when the app may render and start loading: at once when no first frame is expected. */
  ready: (): Promise<void> => gate ?? Promise.resolve(),
};
