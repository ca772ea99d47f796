import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { readOperations } from '../../src/domain/apiOperations.ts';

/**
 * Lists that may be read whole: configuration tables bounded by nature (a few statuses, brochures, the offer's
 * price tables, the single settings record), which their workflows read at once. Any other list, above all
 * customers, negotiations, plannings, users, may outgrow the unpaged ceiling, so no screen asks for it unpaged.
 */
const READ_WHOLE = new Set([
  'statoTrattativa', // the negotiation statuses and their colours (list rows, calendar)
  'statoOfferta', // offer statuses (its screen has no paging: pageSize 0)
  'inventarioMezziItemStato', // inventory item statuses (pageSize 0)
  'invioBrochure', // the brochures a negotiation may send
  'altraConfigurazione', // the general settings: one record
  'tipoControllo', // the check-in's checklist: the controls an operator ticks
  'branchOffer', // the offer builder's price tables: rental branches, families, groups, insurances, transport
  'famigliaGruppoRisorse',
  'gruppoRisorse',
  'insurance',
  'transportPrice',
  'transportIncreaseDuration',
  'transportIncreaseScore',
]);

/** Every list call of the contract (one with a `page` parameter), as a matcher of request paths. */
function listCalls() {
  const document = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8'),
  ) as Record<string, unknown>;
  const byPath = new Map(
    Object.values(resourceIndex)
      .filter((r) => r.list)
      .map((r) => [r.list, r.name]),
  );
  return readOperations(document)
    .filter((op) => op.method === 'GET' && op.parameters.some((p) => p.name === 'page'))
    .map((op) => ({
      pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      // A list under one record (a customer's contacts) is bounded by that record.
      ofOneRecord: op.path.includes('{'),
      resource: byPath.get(op.path),
    }));
}

/**
 * Watches a page's list calls: `seen` counts them (so that a check on them is not vacuous), `unpaged` names each
 * call that read a growing table without paging, with the screen it came from.
 */
export function watchListCalls(page: Page) {
  const calls = listCalls();
  const watched = { seen: 0, unpaged: [] as string[] };
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
    const call = calls.find((c) => c.pattern.test(url.pathname));
    if (!call) return;
    watched.seen++;
    const q = url.searchParams;
    const isUnpaged = !q.has('page') || (q.get('page') === '0' && (q.get('rowsPerPage') ?? '0') === '0');
    if (isUnpaged && !call.ofOneRecord && !READ_WHOLE.has(call.resource ?? ''))
      watched.unpaged.push(`${new URL(page.url()).pathname}: GET ${url.pathname}${url.search}`);
  });
  return watched;
}
