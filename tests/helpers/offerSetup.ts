import type { TestApp } from './testApp.ts';

/**
 * The offer configuration of the demo company in a fresh test database: resource group PLT12 (the demo
 * ERP has its price list for customer 111), a branch with its position, three insurances, transport bands
 * and increases, the general settings. Returns the ids a test needs.
 */
export async function seedOfferConfig(t: TestApp) {
  const r = <N extends Parameters<TestApp['ctx']['resource']>[0]>(name: N) => t.ctx.resource(name).repo;
  const family = await r('FamigliaGruppoRisorse').create({ description: 'Piattaforme aeree' });
  const group = await r('GruppoRisorse').create({
    resourceGroup: 'PLT12',
    description: 'Piattaforma verticale 12 m',
    active: 'Y',
    famigliaGruppoRisorsaId: family.id,
    articoliGruppo: [
      { id: 1, description: 'Cestello portapersone', price: 35, selezionato: false },
      { id: 2, description: 'Forche per pallet', price: 20, selezionato: false },
    ],
  });
  const withoutLines = await r('GruppoRisorse').create({
    resourceGroup: 'XYZ99',
    description: 'Gruppo senza listino',
    active: 'Y',
    famigliaGruppoRisorsaId: family.id,
  });
  const branch = await r('BranchOffer').create({
    name: 'Rossi Noleggi Milano',
    address: 'Via Giuseppe Mazzini 12, 20123 Milano (MI)',
    latitude: 45.4642,
    longitude: 9.19,
  });
  for (const ins of [
    { code: 'BASE', name: 'Base', percentage: 8, defaultInsurance: true },
    { code: 'FULL', name: 'Full', percentage: 12, defaultInsurance: false },
    { code: 'SP', name: 'Senza pensieri', percentage: 15, defaultInsurance: false },
  ])
    await r('Insurance').create(ins);
  for (const band of [
    { minFrom: 0, minTo: 30, price: 60 },
    { minFrom: 31, minTo: 60, price: 95 },
    { minFrom: 61, minTo: 120, price: 150 },
  ])
    await r('TransportPrice').create(band);
  await r('TransportIncreaseDuration').create({ durationFrom: 1, durationTo: 5, coefficient: 1.2 });
  await r('TransportIncreaseDuration').create({ durationFrom: 6, durationTo: 30, coefficient: 1 });
  await r('TransportIncreaseScore').create({ scoreFrom: 0, scoreTo: 50, coefficient: 1.1 });
  await r('TransportIncreaseScore').create({ scoreFrom: 51, scoreTo: 100, coefficient: 1 });
  await t.ctx.db.query(`DELETE FROM "altraConfigurazione"`);
  await r('AltraConfigurazione').create({
    maxScontoOfferta: 5,
    giorniValiditaOfferta: 30,
    codiceClienteListini: '111',
    contributoAmbientaleBase: 2,
    contributoAmbientaleAllInclusive: 3.5,
  });
  return {
    familyId: Number(family.id),
    groupId: Number(group.id),
    groupWithoutLinesId: Number(withoutLines.id),
    branchId: Number(branch.id),
  };
}

/**
 * README example of the server tests: 12 days of PLT12 (95 €/day), Base insurance 8%, base environmental
 * contribution 2%, 42 km typed (51 minutes: band 31–60, 95 €) there and back, two articles with their own
 * discounts, 3% off: an effective discount of 3,36% of the list (1499,00 €), within a salesperson's 5%.
 */
export function fullOffer(ids: Awaited<ReturnType<typeof seedOfferConfig>>) {
  return {
    filialeNoleggioId: ids.branchId,
    famigliaGruppoRisorsaId: ids.familyId,
    gruppoRisorsaId: ids.groupId,
    durata: 12,
    durataUnita: 'G' as const,
    assicurazioneTipo: 'BASE',
    contributoAmbientale: 'base' as const,
    trasportoAbilitato: true,
    trasporto: 100,
    trasportoRitorno: 100,
    km: 42,
    articoli: [
      { id: 1, description: 'Cestello portapersone', price: 35, selezionato: true, discountPercentage: 10 },
      { id: 2, description: 'Forche per pallet', price: 20, selezionato: true, discountAmount: 2 },
    ],
    scontoPercentuale: 3,
    noteOfferta: 'Consegna in cantiere entro le 8:00',
  };
}

/** The figures of `fullOffer`, worked by hand (see its comment). */
export const FULL_OFFER_FIGURES = {
  prezzoNoleggio: 1140, // 12 × 95
  prezzoAssicurazione: 91.2, // 8% of 1140
  prezzoOneri: 22.8, // 2% of 1140
  prezzoTrasporto: 190, // 95 × 1 × 1 × 100%, there and back
  prezzoVarie: 49.5, // 35 − 10% + 20 − 2
  prezzoTotale: 1493.5,
  prezzoTotaleScontato: 1448.69, // 1493,50 − 44,81 (3%, rounded half-up)
};

/** What `fullOffer` gives away: its list total (articles at 35 + 20, both legs in full) minus the offered total. */
export const FULL_OFFER_LIST = { prezzoListino: 1499, importo: 50.31 };

/** The negotiation's version as stored now: what an offer save read last (the builder sends it back). */
export async function currentVersion(t: TestApp, id: number): Promise<number> {
  const { rows } = await t.ctx.db.query<{ version: number }>(`SELECT version FROM "trattativaCp" WHERE id = $1`, [id]);
  return Number(rows[0]?.version);
}

/** An offer save as the builder sends it: the version read just before, unless the test names one. */
export async function asRead(t: TestApp, id: number, body: object): Promise<object> {
  return 'version' in body ? body : { ...body, version: await currentVersion(t, id) };
}
