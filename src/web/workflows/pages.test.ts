import { describe, expect, it } from 'vitest';
import { resourceIndex } from '../../../generated/resourceIndex.ts';
import { pathPermitted } from '../menu.ts';
import { WORKFLOW_PAGES } from './pages.ts';

const ALL_ROLES = ['ROLE_SUPER_ADMIN'];

describe("the workflows' pages", () => {
  it("every record page a schema names (x-resource.page) is a workflow's page, with and without an id", async () => {
    const defs = await Promise.all(Object.values(resourceIndex).map((r) => r.load()));
    const pages = defs.flatMap((d) => (d.page ? [d.page] : []));
    expect(pages.length).toBeGreaterThan(0);
    const missing = pages.flatMap((p) => [`${p}/12`, p]).filter((path) => !pathPermitted(path, ALL_ROLES));
    expect(missing).toEqual([]);
  });

  it('a path none declares is no page', () => {
    expect(pathPermitted('/trattativeCp/nessuna', ALL_ROLES)).toBe(false);
  });

  it('names each workflow once, and each home card once', () => {
    const names = WORKFLOW_PAGES.map((w) => w.name);
    expect(new Set(names).size).toBe(names.length);
    const cards = WORKFLOW_PAGES.flatMap((w) => w.homeCards ?? []).map((c) => c.id);
    expect(new Set(cards).size).toBe(cards.length);
  });
});
