import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/Db.ts';
import { DEMO_PDF, demoApi, form, type DemoApi, type Headers } from './demoApi.ts';
import { callBacks, customers, plannings } from './demoCrm.ts';
import { demoNegotiations, type DemoNegotiation, type Lookups } from './demoNegotiations.ts';
import { acceptancePhoto, signaturePicture } from './demoPictures.ts';
import { acceptances, brochures, inventories, pictures } from './demoService.ts';

const ZONE = 'Europe/Rome';

export interface DemoReferences {
  /** Document token of an open offer and of the signed one: their public pages. */
  offertaAperta: string;
  offertaFirmata: string;
}

export type DemoState =
  { stato: 'assenti' | 'da caricare' | 'in caricamento' } | { stato: 'caricati'; riferimenti: DemoReferences };

/**
 * Whether the workflows' demo (negotiations, offers, check-ins, inventories, plannings, pictures) is still to be
 * loaded, is loading, or is there. One row, written in the seed's transaction: of several processes starting
 * together one claims the load; a load cut short by a crash is not started again over half its records.
 * (The table "demoDati" is made by migrations/0003_tabelle_dei_moduli.sql.)
 */
export async function demoState(db: Queryable): Promise<DemoState> {
  const { rows } = await db.query<{ stato: string; riferimenti: DemoReferences | null }>(
    `SELECT stato, riferimenti FROM "demoDati" WHERE id = 1`,
  );
  const row = rows[0];
  if (!row) return { stato: 'assenti' };
  if (row.stato === 'caricati' && row.riferimenti) return { stato: 'caricati', riferimenti: row.riferimenti };
  return { stato: row.stato === 'in caricamento' ? 'in caricamento' : 'da caricare' };
}

/** The addresses of the demo's public offer pages. */
export function demoOfferUrls(publicUrl: string, refs: DemoReferences) {
  return {
    open: `${publicUrl}/trattativeCp/offers/${refs.offertaAperta}`,
    signed: `${publicUrl}/trattativeCp/offers/${refs.offertaFirmata}`,
  };
}

/**
 * Loads the workflows' demo when the seed asked for it, through the app's own calls signed in as the demo
 * users (`passwords`): prices, numbering, PDFs, evidence and rules are those of a user's actions. Answers
 * the references of the records the start log names, or null when there was nothing to load.
 */
export async function loadDemoWorkflows(
  app: FastifyInstance,
  ctx: AppContext,
  passwords: Map<string, string>,
): Promise<DemoReferences | null> {
  if ((await demoState(ctx.db)).stato !== 'da caricare') return null;
  const { rows } = await ctx.db.query(
    `UPDATE "demoDati" SET stato = 'in caricamento', aggiornato = now() WHERE id = 1 AND stato = 'da caricare' RETURNING id`,
  );
  if (!rows[0]) return null;
  const api = demoApi(app);
  const as = async (username: string) => {
    const password = passwords.get(username);
    if (!password) throw new Error(`Dati dimostrativi: manca la password di ${username}`);
    return api.signIn(username, password);
  };
  const today = Temporal.Now.plainDateISO(ZONE);
  const admin = await as('admin.demo');
  await pictures(api, admin);
  await brochures(api, admin);
  const sellers = [await as('utente.cp'), await as('commerciale.cp'), await as('supervisore.cp')];
  const refs = await negotiations(api, ctx, today, admin, sellers);
  const crm = await as('crm');
  await customers(api, crm);
  await plannings(api, today, [crm, sellers[1]!]);
  await callBacks(api, await as('contactcenter'));
  await acceptances(api, today, await as('accettazione'), await as('supervisore.accettazione'));
  await inventories(api, ctx, await as('inventario'), await as('supervisore.inventario'));
  await ctx.db.query(`UPDATE "demoDati" SET stato = 'caricati', aggiornato = now(), riferimenti = $1 WHERE id = 1`, [
    JSON.stringify(refs),
  ]);
  return refs;
}

async function lookups(
  api: DemoApi,
  h: Headers,
): Promise<
  Lookups & {
    persa: number;
    branch: number;
    groups: { id: number; family: number; code: string; articles: Record<string, unknown>[] }[];
  }
> {
  const ids = async (url: string) => [...(await api.idsBy<{ id: number }>(h, url, 'id')).values()];
  const stati = await api.idsBy<{ code: string }>(h, '/api/stati_trattative', 'code');
  const statiOfferta = await api.idsBy<{ description: string }>(h, '/api/stati-offerte', 'description');
  const { data: groups } = await api.call<{
    data: {
      id: number;
      resourceGroup: string;
      famigliaGruppoRisorsaId: number;
      articoliGruppo?: Record<string, unknown>[];
    }[];
  }>(h, 'GET', '/api/gruppi-risorse?page=0&rowsPerPage=0');
  return {
    fonti: await ids('/api/fonti'),
    filiali: await ids('/api/filiali'),
    famiglieMezzo: await ids('/api/famiglie-mezzi'),
    settori: await ids('/api/settori'),
    commerciali: await ids('/api/commerciali'),
    motivi: await ids('/api/motivi_perse'),
    competitors: await ids('/api/competitors-trattative'),
    stati: { NEW: stati.get('NEW')!, INC: stati.get('INC')!, WIN: stati.get('WIN')!, LOST: stati.get('LOST')! },
    persa: statiOfferta.get('Persa')!,
    branch: (await ids('/api/branches-offer'))[0]!,
    groups: groups.map((g) => ({
      id: g.id,
      family: g.famigliaGruppoRisorsaId,
      code: g.resourceGroup,
      articles: g.articoliGruppo ?? [],
    })),
  };
}

async function negotiations(
  api: DemoApi,
  ctx: AppContext,
  today: Temporal.PlainDate,
  admin: Headers,
  sellers: (Headers & { id: number })[],
): Promise<DemoReferences> {
  const l = await lookups(api, admin);
  const refs: Partial<DemoReferences> = {};
  const aged: { id: number; daysAgo: number; offerDaysAgo?: number }[] = [];
  for (const [i, n] of demoNegotiations(today, l).entries()) {
    const seller = sellers[n.seller]!;
    const { data } = await api.call<{ data: { id: number } }>(seller, 'POST', '/api/trattative_cp', n.body);
    const id = data.id;
    if (n.attachments)
      await api.call(
        seller,
        'POST',
        '/api/trattativa_cp_allegato',
        form({
          trattativaCpId: id,
          'file-0': [DEMO_PDF, 'Richiesta del cliente.pdf'],
          'descrizione-0': 'Richiesta del cliente',
          'file-1': [acceptancePhoto('scissorLift', i), 'Foto del cantiere.png'],
          'descrizione-1': 'Foto del cantiere',
        }),
      );
    if (n.story === 'persa')
      await api.call(seller, 'PUT', `/api/trattative-cp/${id}/save-offer-status-lost`, {
        motivoPersaId: n.body.motivoPersaId,
        statoOffertaId: l.persa,
        notePersa: n.body.notePersa,
      });
    if (n.story === 'archiviata')
      await api.call(seller, 'PUT', `/api/trattative_cp/${id}/archiviata`, { archiviata: 'Y' });
    const offerDaysAgo = await offer(api, seller, id, n, l, i, refs);
    aged.push({ id, daysAgo: n.daysAgo, ...(offerDaysAgo ? { offerDaysAgo } : {}) });
  }
  await age(ctx.db, aged);
  if (!refs.offertaAperta || !refs.offertaFirmata) throw new Error('Dati dimostrativi: offerte dimostrative mancanti');
  return refs as DemoReferences;
}

/** The offer of a negotiation whose story has one: saved, sent (twice for some), answered on the public page. */
async function offer(
  api: DemoApi,
  seller: Headers,
  id: number,
  n: DemoNegotiation,
  l: Awaited<ReturnType<typeof lookups>>,
  i: number,
  refs: Partial<DemoReferences>,
): Promise<number | undefined> {
  if (!n.story.startsWith('offerta')) return undefined;
  const group = l.groups[i % l.groups.length]!;
  const choices = (durata: number, sconto: number) => ({
    filialeNoleggioId: l.branch,
    famigliaGruppoRisorsaId: group.family,
    gruppoRisorsaId: group.id,
    durata,
    durataUnita: 'G',
    assicurazioneTipo: 'BASE',
    contributoAmbientale: 'base',
    trasportoAbilitato: true,
    trasporto: 100,
    trasportoRitorno: 100,
    km: 18 + (i % 5) * 9,
    articoli: group.articles.map((a) => ({ ...a, selezionato: true })),
    scontoPercentuale: sconto,
    noteOfferta: 'Consegna in cantiere entro le 8:00.',
  });
  const save = async (body: object) => {
    const { data } = await api.call<{ data: { version: number } }>(seller, 'GET', `/api/trattative_cp/${id}/offerta`);
    await api.call(seller, 'PUT', `/api/trattative_cp/${id}/offerta`, { ...body, version: data.version });
  };
  const email = String(n.body.email);
  const send = () =>
    api.call(seller, 'POST', '/api/trattative_cp/invia-offerta', { idTrattativaCp: id, email: [email] });
  await save(choices(10 + (i % 10), 0));
  if (n.story === 'offertaBozza') return undefined;
  await send();
  // The customer asked for a longer rental and a discount: a second version.
  if (n.story === 'offertaAccettata' || i % 2 === 0) {
    await save(choices(15 + (i % 10), 3));
    await send();
  }
  const { data: negotiation } = await api.call<{ data: { documentToken: string } }>(
    seller,
    'GET',
    `/api/trattative_cp/${id}`,
  );
  const code = negotiation.documentToken;
  if (n.story === 'offertaInviata') refs.offertaAperta ??= code;
  if (n.story === 'offertaAccettata' || n.story === 'offertaRifiutata') await answer(api, code, n, l, i);
  if (n.story === 'offertaAccettata') refs.offertaFirmata = code;
  return n.story === 'offertaScaduta' ? 40 : n.story === 'offertaInScadenza' ? 28 : undefined;
}

/** The customer on the public page: opens the offer, then signs it or declines it with a reason. */
async function answer(
  api: DemoApi,
  code: string,
  n: DemoNegotiation,
  l: Awaited<ReturnType<typeof lookups>>,
  i: number,
) {
  const { data: t } = await api.call<{ data: { token: string } }>(
    {},
    'GET',
    `/public/login-api-from-client?code=${code}`,
  );
  const customer = {
    authorization: `Bearer ${t.token}`,
    'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
  };
  const { data: page } = await api.call<{
    data: { offerta: { hash: string; opzioni: { code: string; figures: Record<string, number> }[] } };
  }>(customer, 'GET', `/api/trattative-cp/${code}`);
  await api.call(customer, 'PUT', `/api/trattative-cp/bozza-visualizzata/${code}`);
  const declines = n.story === 'offertaRifiutata';
  // The page sends the figures of the option shown: the proposed one to decline, the chosen one to sign.
  const option =
    (declines ? undefined : page.offerta.opzioni.find((o) => o.code === 'FULL')) ?? page.offerta.opzioni[0]!;
  const figures = {
    ...option.figures,
    assicurazioneTipo: option.code,
    assicurazionePrezzo: option.figures.prezzoAssicurazione,
    hash: page.offerta.hash,
  };
  if (declines) {
    await api.call(customer, 'PUT', `/api/trattative-cp/confirm-offer/${code}`, {
      ...figures,
      acceptedByCustomer: 'N',
      motivoPersaId: l.motivi[i % l.motivi.length],
      notePersa: 'Abbiamo trovato un mezzo in casa.',
    });
    return;
  }
  await api.call(customer, 'PUT', `/api/trattative-cp/confirm-offer/${code}`, {
    ...figures,
    acceptedByCustomer: 'Y',
    condizioniAccettate: true,
    firmatario: String(n.body.contatto),
    firma: `data:image/png;base64,${signaturePicture(i).toString('base64')}`,
  });
}

/**
 * The one thing the calls cannot do: let time pass. Negotiations came in over the last weeks, and two offers
 * were sent long enough ago to be close to expiry and past it. Only dates move (the insertion date, a sent
 * version's time and its validity, counted from the send as the send counted it); no figure, number or state.
 */
async function age(db: Queryable, aged: { id: number; daysAgo: number; offerDaysAgo?: number }[]) {
  for (const a of aged) {
    await db.query(
      `UPDATE "trattativaCp" SET "dataInserimento" = "dataInserimento" - make_interval(days => $2) WHERE id = $1`,
      [a.id, a.daysAgo],
    );
    if (a.offerDaysAgo)
      await db.query(
        `UPDATE "offer" SET created = created - make_interval(days => $2),
           snapshot = jsonb_set(snapshot::jsonb, '{header,validUntil}',
             to_jsonb(((snapshot::jsonb #>> '{header,validUntil}')::date - $2)::text))
         WHERE "trattativaCpId" = $1`,
        [a.id, a.offerDaysAgo],
      );
  }
}
