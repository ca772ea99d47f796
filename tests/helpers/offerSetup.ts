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
 * contribution 2%, 42 km typed (51 minutes: band 31–60, 95 €) there and half back, two articles, 5% off.
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
    trasportoRitorno: 50,
    km: 42,
    articoli: [
      { id: 1, description: 'Cestello portapersone', price: 35, selezionato: true, discountPercentage: 10 },
      { id: 2, description: 'Forche per pallet', price: 20, selezionato: true, discountAmount: 2 },
    ],
    scontoPercentuale: 5,
    noteOfferta: 'Consegna in cantiere entro le 8:00',
  };
}

/** The figures of `fullOffer`, worked by hand (see its comment). */
export const FULL_OFFER_FIGURES = {
  prezzoNoleggio: 1140, // 12 × 95
  prezzoAssicurazione: 91.2, // 8% of 1140
  prezzoOneri: 22.8, // 2% of 1140
  prezzoTrasporto: 142.5, // 95 × 1 × 1 × 100% + 95 × 1 × 1 × 50%
  prezzoVarie: 49.5, // 35 − 10% + 20 − 2
  prezzoTotale: 1446,
  prezzoTotaleScontato: 1373.7, // 1446 − 72,30
};
