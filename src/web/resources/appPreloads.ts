import { APP_PRELOADS_META } from '../../domain/routePreloads.ts';

/**
 * The signed-in app's files the server named for this list's address (scripts/lib/routePreloadsPlugin.ts):
 * downloaded and compiled from now on, not run. Once only; a page without them (another address) has nothing to do.
 */
export function preloadApp(): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${APP_PRELOADS_META}"]`);
  if (!meta) return;
  meta.remove();
  for (const href of meta.content.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}
