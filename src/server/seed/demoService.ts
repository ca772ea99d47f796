import { randomUUID } from 'node:crypto';
import type { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../context.ts';
import { PDF_FONTS, renderPdf } from '../pdf/pdf.ts';
import { form, type DemoApi, type Headers } from './demoApi.ts';
import { acceptancePhoto, machinePicture, signaturePicture, type Machine } from './demoPictures.ts';

const FAMILY_PICTURES: Record<string, Machine> = { 'Piattaforme aeree': 'boomLift', Movimentazione: 'telehandler' };
const GROUP_PICTURES: Record<string, Machine> = { PLT12: 'scissorLift', ART16: 'boomLift', TEL14: 'telehandler' };

/** A drawn silhouette on every resource-group family and group, uploaded as the admin does from the card. */
export async function pictures(api: DemoApi, admin: Headers) {
  const families = await api.idsBy<{ description: string }>(admin, '/api/famiglie-gruppi-risorse', 'description');
  for (const [name, id] of families)
    await api.call(
      admin,
      'PUT',
      `/api/famiglie-gruppi-risorse/${id}/image`,
      form({ file: machinePicture(FAMILY_PICTURES[name] ?? 'excavator') }),
    );
  const groups = await api.idsBy<{ resourceGroup: string }>(admin, '/api/gruppi-risorse', 'resourceGroup');
  for (const [code, id] of groups)
    await api.call(
      admin,
      'PUT',
      `/api/gruppi-risorse/${id}/image`,
      form({ file: machinePicture(GROUP_PICTURES[code] ?? 'excavator') }),
    );
}

/** Each brochure's PDF: a one-page leaflet drawn at start with pdfmake, uploaded as a supervisor does from its row. */
export async function brochures(api: DemoApi, admin: Headers) {
  const { data } = await api.call<{ data: { id: number; description: string; oggetto?: string; testo?: string }[] }>(
    admin,
    'GET',
    '/api/invio-brochure?page=1&rowsPerPage=100',
  );
  for (const brochure of data) {
    const pdf = await renderPdf({
      defaultStyle: { font: PDF_FONTS.embedded, fontSize: 11 },
      content: [
        { text: brochure.description, fontSize: 22, bold: true, margin: [0, 0, 0, 12] },
        { text: brochure.oggetto ?? '', fontSize: 14, margin: [0, 0, 0, 12] },
        { text: brochure.testo ?? '', margin: [0, 0, 0, 12] },
        {
          ul: ['Noleggio a breve e lungo termine', 'Consegna e ritiro in cantiere', 'Assistenza in tutta la Lombardia'],
        },
      ],
    });
    const name = `${brochure.description.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`;
    await api.call(admin, 'PUT', `/api/invio-brochure/${brochure.id}/pdf`, form({ file: [pdf, name] }));
  }
}

/** Machines of the demo ERP's Milano fleet (plugins/erpFleet.ts: machine n is of family n mod 6). */
const MACHINES: [string, Machine, number][] = [
  ['MI01-PLF-007', 'scissorLift', 1240],
  ['MI01-PLT-006', 'boomLift', 3380],
  ['MI01-SOL-010', 'telehandler', 2115],
  ['MI01-ESC-008', 'excavator', 5470],
  ['MI01-PLF-013', 'scissorLift', 860],
];

/** Five check-ins on the tablet, with four photos each and the customer's signature; one gets an addendum. */
export async function acceptances(
  api: DemoApi,
  today: Temporal.PlainDate,
  operator: Headers & { id: number },
  supervisor: Headers,
) {
  const { data: controls } = await api.call<{ data: { id: number; valori?: string | null; tipo?: string | null }[] }>(
    operator,
    'GET',
    '/api/tipi_controllo?page=0&rowsPerPage=0',
  );
  let first = 0;
  for (const [i, [matricole, machine, ore]] of MACHINES.entries()) {
    const parts: Parameters<typeof form>[0] = {
      operatore: operator.id,
      dataAccettazione: today.subtract({ days: i * 2 }).toString(),
      carburante: (i % 4) + 1,
      danni: i === 1,
      ore,
      matricole,
      noteCliente: 'Mezzo riconsegnato in cantiere.',
      noteInterne: i === 1 ? 'Ammaccatura sul lato destro del telaio.' : 'Nessuna anomalia.',
      chiaveIdempotenza: randomUUID(),
      firma: signaturePicture(i + 7),
      sagoma: machine === 'excavator' ? 'movimento_terra' : 'piattaforma',
      // The dented one: the dent marked on the right side of the chassis, with its photo (the second).
      ...(i === 1
        ? {
            danniSegnati: JSON.stringify([
              {
                vista: 'destra',
                x: 0.32,
                y: 0.78,
                tipo: 'ammaccatura',
                gravita: 2,
                note: 'Telaio, lato destro',
                foto: [1],
              },
            ]),
          }
        : {}),
    };
    for (let side = 0; side < 4; side++)
      parts[`foto-${side}`] = [acceptancePhoto(machine, side, i === 1 && side === 1), `foto-${side + 1}.png`];
    const f = form(parts);
    for (const c of controls) {
      const value = c.valori ? c.valori.split(',')[0]!.trim() : c.tipo === 'numero' ? '80' : 'Sì';
      f.append('controlloId[]', String(c.id));
      f.append('valore[]', value);
    }
    const { data } = await api.call<{ data: { id: number } }>(operator, 'POST', '/api/accettazioni_mezzi', f);
    if (i === 1) first = data.id;
  }
  await api.call(supervisor, 'POST', `/api/accettazioni_mezzi/${first}/addenda`, {
    testo: "Il cliente conferma che l'ammaccatura era già presente alla consegna.",
  });
}

/** Milano's inventories: last month's, concluded, and the one being counted now. */
export async function inventories(api: DemoApi, ctx: AppContext, counter: Headers, supervisor: Headers) {
  const branches = await api.call<{ data: { id: number; codiceMago?: string }[] }>(
    supervisor,
    'GET',
    '/api/users/me/filiali-inventario',
  );
  const branch = branches.data[0]!;
  const stati = await api.idsBy<{ description: string }>(supervisor, '/api/inventario_mezzi_item_stati', 'description');
  const count = async (who: Headers, inventoryId: number, codes: string[], status: string) => {
    for (const code of codes) {
      const { data } = await api.call<{ data: { id: number }[] }>(
        who,
        'GET',
        `/api/inventario-mezzi-items?idInventarioMezzi=${inventoryId}&multiField=${encodeURIComponent(code)}&page=1&rowsPerPage=10`,
      );
      await api.call(who, 'PUT', `/api/inventario-mezzi-items/${data[0]!.id}/stato/${stati.get(status)}`);
    }
  };
  // The demo ERP's fleet (plugins/erpFleet.ts): machine n of a branch is of family n mod 6.
  const code = (n: number) =>
    `${branch.codiceMago}-${['PLT', 'PLF', 'ESC', 'GEN', 'SOL', 'CMP'][n % 6]}-${String(n).padStart(3, '0')}`;
  const past = await api.call<{ data: { id: number } }>(supervisor, 'POST', '/api/inventari_mezzi', {
    filialeInventarioId: branch.id,
  });
  await count(supervisor, past.data.id, [1, 2, 3, 4, 5, 6, 7].map(code), 'Presente');
  await count(supervisor, past.data.id, [code(8)], 'Non trovato');
  await count(supervisor, past.data.id, [code(9)], 'In riparazione');
  await api.call(supervisor, 'PUT', `/api/inventari-mezzi/${past.data.id}/concluso`);
  const current = await api.call<{ data: { id: number } }>(counter, 'POST', '/api/inventari_mezzi', {
    filialeInventarioId: branch.id,
  });
  await count(counter, current.data.id, [1, 2, 3, 4].map(code), 'Presente');
  await count(counter, current.data.id, [code(5)], 'In riparazione');
  // Last month's inventory was taken last month.
  await ctx.db.query(
    `UPDATE "inventarioMezzi" SET created = created - interval '30 days', "dataConclusione" = "dataConclusione" - interval '29 days' WHERE id = $1`,
    [past.data.id],
  );
}
