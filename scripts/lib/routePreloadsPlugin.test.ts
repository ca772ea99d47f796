import { describe, expect, it } from 'vitest';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { kebab } from './emitResources.ts';
import type { RoutePreloads } from '../../src/domain/routePreloads.ts';
import { routePreloadsPlugin } from './routePreloadsPlugin.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds: moduleIds.map((m) => `/repo${m}`),
  facadeModuleId: isEntry ? `/repo${moduleIds[0]}` : null,
  imports,
  isEntry,
});

describe('the route preloads written by the build', () => {
  it('name, for each list route, the first frame’s files, then the app’s, with what they import, less the entry’s', () => {
    const definitions = Object.values(resourceIndex).map((r) =>
      chunk(`assets/${r.name}.js`, [`/generated/resources/${kebab(r.name)}.ts`], ['assets/dates.js']),
    );
    const bundle = Object.fromEntries(
      [
        chunk('assets/main.js', ['/src/web/index.html', '/src/web/main.tsx'], ['assets/runtime.js'], true),
        chunk('assets/runtime.js', ['/rolldown:runtime']),
        chunk(
          'assets/listPreload.js',
          ['/generated/resourceIndex.ts', '/src/web/resources/listPreload.ts'],
          ['assets/main.js', 'assets/temporal.js'],
        ),
        chunk('assets/temporal.js', ['/node_modules/temporal-polyfill/index.js']),
        chunk('assets/cellText.js', ['/src/web/fields/cellText.ts'], ['assets/dates.js', 'assets/runtime.js']),
        chunk('assets/dates.js', ['/src/domain/dates.ts']),
        chunk('assets/app.js', ['/src/web/app/AuthenticatedApp.tsx'], ['assets/mui.js', 'assets/main.js']),
        chunk('assets/mui.js', ['/node_modules/@mui/material/index.js'], ['assets/dates.js']),
        ...definitions,
      ].map((c) => [c.fileName, c]),
    );
    const emitted: { fileName: string; source: string }[] = [];
    const plugin = routePreloadsPlugin();
    const hook = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    hook.call(
      {
        emitFile: (f: { fileName: string; source: string }) => emitted.push(f),
        error: (m: string) => {
          throw new Error(m);
        },
      },
      {},
      bundle,
    );
    expect(emitted[0]?.fileName).toBe('route-preloads.json');
    const routes = JSON.parse(emitted[0]?.source ?? '{}') as RoutePreloads;
    const lists = Object.values(resourceIndex).filter((r) => r.list && r.route);
    expect(Object.keys(routes).sort()).toEqual(lists.map((r) => r.route).sort());
    const files = routes[resourceIndex.reportCall.route];
    expect(new Set(files?.frame)).toEqual(
      new Set([
        '/assets/listPreload.js',
        '/assets/temporal.js',
        '/assets/cellText.js',
        '/assets/dates.js',
        '/assets/reportCall.js',
      ]),
    );
    // The app's files apart, for later: none of the entry's or the first frame's twice.
    expect(files?.app).toEqual(['/assets/app.js', '/assets/mui.js']);
  });

  it('stop the build when a list’s definition is in no chunk', () => {
    const hook = routePreloadsPlugin().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    const bundle = { 'assets/main.js': chunk('assets/main.js', ['/src/web/index.html'], [], true) };
    expect(() =>
      hook.call(
        {
          emitFile: () => undefined,
          error: (m: string) => {
            throw new Error(m);
          },
        },
        {},
        bundle,
      ),
    ).toThrow(/route preloads: no chunk for/);
  });
});
