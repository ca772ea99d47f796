import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code comes in its own chunk, with a way to fetch it before it is needed (`preload`).
 * Once loaded it is drawn directly: a `React.lazy` component waits a task for its promise even when the code is
 * there, and the keys typed as it opens (a dialog's search box, focused at once) would go nowhere meanwhile.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((m) => ((loaded = m.default), m));
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Preloadable(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { preload, Component: Preloadable };
}
