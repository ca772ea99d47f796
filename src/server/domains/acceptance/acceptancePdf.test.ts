import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../../../../tests/helpers/pdfText.ts';
import { PNG } from '../../../../tests/helpers/sampleFiles.ts';
import type { AppContext } from '../../context.ts';
import { directoryStorage } from '../../storage/storage.ts';
import { ACCEPTANCE_FOLDER } from './acceptanceFiles.ts';
import { acceptancePdf } from './acceptancePdf.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-acceptance-pdf-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
// The report reads only the stored images from its context.
const ctx = { storage: directoryStorage(root) } as unknown as AppContext;

describe('the acceptance report', () => {
  it('never splits the signature block: its heading is always on the page of the signature', async () => {
    const firma = 'firma.png';
    await ctx.storage.stage(`${ACCEPTANCE_FOLDER}/${firma}`, PNG);
    await ctx.storage.publish([`${ACCEPTANCE_FOLDER}/${firma}`]);
    const types = Array.from({ length: 80 }, (_, i) => ({ id: i + 1, nome: `Controllo ${i + 1}` }));
    const pagesOfHeading = new Set<number>();
    // More and more checks push the signature down through the end of the first page.
    for (let checks = 20; checks <= 80; checks += 1) {
      const row = {
        id: 7,
        dataAccettazione: '2026-03-12',
        operatoreNome: 'Luca Bianchi',
        matricole: 'AB123',
        km: 12500,
        ore: 3420,
        carburante: 3,
        danni: false,
        foto: [],
        firma,
        controlli: types.slice(0, checks).map((t) => ({ controlloId: t.id, valore: 'OK' })),
        addenda: [],
        sha256: 'a'.repeat(64),
        created: '2026-03-12T09:30:00Z',
      };
      const pages = await pdfPages(await acceptancePdf(ctx, row, types));
      const heading = pages.findIndex((p) => p.text.includes('Firma del cliente'));
      expect(heading, `${checks} controlli`).toBeGreaterThanOrEqual(0);
      expect(pages[heading]?.images, `${checks} controlli: firma a pagina ${heading + 1}`).toBe(1);
      pagesOfHeading.add(heading);
    }
    // The boundary was crossed: the block went from the first page to the second.
    expect([...pagesOfHeading].sort()).toEqual([0, 1]);
  });
});
