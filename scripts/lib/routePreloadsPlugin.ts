import type { Plugin, Rolldown } from 'vite';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../src/domain/routePreloads.ts';
import { kebab } from './emitResources.ts';

/**
 * For each list route, the files its first frame needs beyond the entry's: the list preload, the screen's
 * definition and the cells' formats, with what they import; then those of the signed-in app (the shell, the
 * list's controller and its table), which the first frame hands over to. The server names them in the
 * index.html it serves for that route: the first frame's as <link rel="modulepreload">, downloaded and compiled
 * beside the entry; the app's in a <meta>, preloaded all at once as soon as the rows are drawn (with the page, they
 * held the entry, the call and the picture back by a third), instead of one after another as the app imports them.
 */
export function routePreloadsPlugin(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: Rolldown.OutputChunk | undefined, into = new Set<string>()): Set<string> => {
        if (!chunk || into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const f of chunk.imports) closure(byFile.get(f), into);
        return into;
      };
      const holding = (suffix: string) => {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
        if (!chunk) this.error(`route preloads: no chunk for ${suffix}`);
        return chunk;
      };
      const entry = closure(chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html')));
      const common = [holding('/src/web/resources/listPreload.ts'), holding('/src/web/fields/cellText.ts')];
      const app = closure(holding('/src/web/app/AuthenticatedApp.tsx'));
      const routes: RoutePreloads = {};
      for (const r of Object.values(resourceIndex)) {
        if (!r.list || !r.route) continue;
        const frame = new Set<string>();
        for (const c of [...common, holding(`/generated/resources/${kebab(r.name)}.ts`)]) closure(c, frame);
        routes[r.route] = {
          frame: [...frame].filter((f) => !entry.has(f)).map((f) => `/${f}`),
          app: [...app].filter((f) => !entry.has(f) && !frame.has(f)).map((f) => `/${f}`),
        };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routes) });
    },
  };
}
