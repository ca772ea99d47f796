import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

type Op = { operationId?: string; tags?: string[]; security?: unknown[]; responses?: Record<string, unknown> };
const openapi = YAML.parse(fs.readFileSync('openapi.yaml', 'utf8')) as { paths: Record<string, Record<string, Op>> };
const schema = (file: string) => JSON.parse(fs.readFileSync(`schemas/${file}.json`, 'utf8')) as { properties: Record<string, unknown> };

// SPEC.md section 7, call by call, spelled exactly as there.
const CRUD = ['agents', 'applications', 'articoli', 'branches-offer', 'categories', 'commerciali', 'communications', 'competitors',
  'competitors-trattative', 'famiglie-gruppi-risorse', 'families', 'filiali', 'fonti', 'gruppi_crm', 'gruppi-risorse', 'materials',
  'meetings', 'motivi_perse', 'nations', 'potentials', 'roles', 'settori', 'sources', 'stati_trattative', 'tech-codes',
  'tipi_controllo', 'famiglie-mezzi', 'filiali-inventario', 'transport-increases-duration', 'transport-increases-score', 'transport-prices'];
const SPEC_CALLS: [string, string][] = [
  ['post', '/login_check'], ['post', '/token/refresh'], ['post', '/login-microsoft'], ['get', '/public/login-api-from-client'],
  ['get', '/api/user/profile/'], ['put', '/api/users/{id}'], ['put', '/api/users/{id}/change-password'], ['get', '/api/users/me'],
  ['get', '/api/users'], ['post', '/api/users'], ['delete', '/api/users/{id}'], ['put', '/api/users/{id}/active/{status}'],
  ['get', '/api/users/gruppicrm'], ['get', '/api/sales-people'], ['get', '/api/users/me/filiali-inventario'],
  ...CRUD.flatMap((c): [string, string][] => [['get', `/api/${c}`], ['get', `/api/${c}/{id}`], ['post', `/api/${c}`], ['put', `/api/${c}/{id}`], ['delete', `/api/${c}/{id}`]]),
  ['get', '/api/altre-configurazioni'], ['put', '/api/altre-configurazioni/{id}'], ['get', '/api/filiali-inventari/{id}'],
  ['get', '/api/assicurazioni'], ['post', '/api/insurances'], ['put', '/api/insurances/{id}'], ['delete', '/api/insurances/{id}'],
  ['get', '/api/stati-offerte'], ['get', '/api/gruppi-risorse/{id}/attrezzature'], ['post', '/api/gruppi-risorse/listini'],
  ['post', '/api/accettazioni_mezzi'], ['get', '/api/accettazioni_mezzi'],
  ['get', '/api/customers'], ['get', '/api/customers/{id}'], ['get', '/api/customers/vat-number/{vat}'], ['post', '/api/customers'],
  ['put', '/api/customers/{id}'], ['delete', '/api/customers/{id}'],
  ['get', '/api/customers/{customerId}/contacts'], ['get', '/api/contacts/{id}'], ['post', '/api/contacts'], ['put', '/api/contacts/{id}'], ['delete', '/api/contacts/{id}'],
  ['get', '/api/customers/{customerId}/details'], ['get', '/api/details/{id}'], ['post', '/api/details'], ['put', '/api/details/{id}'], ['delete', '/api/details/{id}'],
  ['get', '/api/clienti'],
  ['get', '/api/files'], ['post', '/api/files'], ['delete', '/api/files/{id}'], ['get', '/api/files/downloads/{filename}'],
  ['get', '/api/branch-offices'], ['put', '/api/branch-offices/{id}'], ['get', '/api/branch-office-users'], ['post', '/api/branch-office-users'],
  ['delete', '/api/branch-office-users/{id}'], ['get', '/api/emails'], ['get', '/api/missed-calls'], ['put', '/api/missed-calls/{id}'], ['get', '/api/report-calls'],
  ['get', '/api/inventari_mezzi'], ['get', '/api/inventari_mezzi/{id}'], ['put', '/api/inventari_mezzi/{id}'], ['delete', '/api/inventari_mezzi/{id}'],
  ['post', '/api/inventari_mezzi'], ['put', '/api/inventari-mezzi/{id}/concluso'], ['get', '/api/inventario_mezzi_item_stati'],
  ['get', '/api/inventario-mezzi-items'], ['post', '/api/inventario-mezzi-items'], ['put', '/api/inventario-mezzi-items/{id}'],
  ['delete', '/api/inventario-mezzi-items/{id}'], ['put', '/api/inventario-mezzi-items/{itemId}/stato/{statusId}'], ['get', '/api/inventario-mezzi-items/xls'],
  ['get', '/api/offers'], ['get', '/api/plannings'], ['post', '/api/plannings'], ['put', '/api/plannings/{id}'], ['delete', '/api/plannings/{id}'],
  ['get', '/api/trattative_cp'], ['get', '/api/trattative_cp/{id}'], ['get', '/api/trattative-cp/{id}'], ['post', '/api/trattative_cp'],
  ['put', '/api/trattative_cp/{id}'], ['delete', '/api/trattative_cp/{id}'], ['put', '/api/trattative_cp/riassegna/{id}'],
  ['get', '/api/trattative_cp/create-document-token/{id}'], ['put', '/api/trattative-cp/bozza-visualizzata/{id}'],
  ['put', '/api/trattative-cp/{id}/save-offer-status-lost'], ['put', '/api/trattative-cp/confirm-offer/{id}'],
  ...['invia-anagrafica', 'invia-brochure', 'invia-contatto-mago', 'invia-link-accreditamento', 'invia-offerta', 'invia-brochure-marketing'].map((p): [string, string] => ['post', `/api/trattative_cp/${p}`]),
  ['get', '/api/trattativa_cp_allegato/{id}'], ['post', '/api/trattativa_cp_allegato'], ['delete', '/api/trattativa_cp_allegato/{id}'],
];
const PUBLIC = new Set(['/login_check', '/token/refresh', '/login-microsoft', '/public/login-api-from-client']);

describe('openapi.yaml holds every call of SPEC.md section 7', () => {
  it.each(SPEC_CALLS)('%s %s', (method, path) => {
    const op = openapi.paths[path]?.[method];
    expect(op, `${method.toUpperCase()} ${path} is missing`).toBeDefined();
    expect(op?.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(op?.tags).toHaveLength(1);
    expect(Object.keys(op?.responses ?? {}).some((c) => c.startsWith('4'))).toBe(true);
    if (PUBLIC.has(path)) expect(op?.security).toEqual([]);
    else expect(op?.security).toBeUndefined();
  });

  it('has unique operationIds', () => {
    const ids = Object.values(openapi.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

// SPEC.md section 3: each entity and lookup with the fields it lists.
const SPEC_FIELDS: [string, string[]][] = [
  ['user', ['id', 'username', 'email', 'name', 'surname', 'password', 'confirmPassword', 'active', 'roles', 'agentId', 'salesPersonId', 'filialiIds', 'gruppiCrmIds', 'category', 'notificheInattivita', 'linkAccreditamento', 'phone', 'microsoftConnect']],
  ['session', ['id', 'name', 'surname', 'username', 'roles', 'isAuthenticated']],
  ['profile', ['username', 'email', 'oldPassword', 'password', 'confirmPassword']],
  ['customer', ['id', 'code', 'companyName', 'vatNumber', 'agentId', 'techCodeId', 'potentialPurchaseId', 'potentialPurchaseEuro', 'potentialPurchaseKg', 'postcode', 'city', 'address', 'province', 'nationId', 'email', 'phone', 'reseller', 'sourceId', 'date', 'note', 'latitude', 'longitude', 'codiceLingua']],
  ['customer-detail', ['id', 'customerId', 'competitorId', 'competitorName', 'categoryId', 'materials']],
  ['contact', ['id', 'customerId', 'roleId', 'codiceLingua']],
  ['document', ['id', 'file', 'description', 'entity', 'entityId', 'filename', 'originalFilename']],
  ['trattativa-cp', ['allegati', 'anagraficaInviata', 'brochureInviata', 'contattoMagoInviato', 'offerta', 'trasportoAbilitato', 'trasporto', 'trasportoRitorno', 'bozzaOffertaVisualizzata', 'schedaTecnicaInviata',
    'operatoreId', 'fonteId', 'competitorTrattativeId', 'filialeId', 'famigliaMezzoId', 'statoTrattativaId', 'motivoPersaId', 'commercialeId', 'sectorId', 'filialeNoleggioId', 'famigliaGruppoRisorsaId', 'gruppoRisorsaId', 'articoli', 'listiniOfferta', 'durata', 'codiceLingua',
    'ragioneSociale', 'partitaIva', 'email', 'telefono', 'score', 'competitorAttuale', 'cliente', 'personaFisica', 'contatto', 'paeseTrattativa', 'macchineAccessori', 'inizio', 'fine', 'cauzione', 'importoCauzione', 'destinazioneCantiere', 'notePersa', 'note', 'ctr', 'richiamareInData', 'richiamareInOrario', 'ripianificaVisita', 'dataInserimento', 'statoOfferta', 'acceptedByCustomer', 'latitudeTrattativa', 'longitudeTrattativa', 'formattedAddress', 'documentToken', 'linkAccreditamentoInviato', 'offertaInviata', 'trattativaCpPriceLists',
    'archiviata', 'assicurazioneTipo', 'assicurazionePrezzo', 'scontoPercentuale', 'scontoImporto', 'dataVisita', 'noteVisita', 'offertaRapida', 'codiceFiscale', 'gruppoCrmId']],
  ['confirm-offer', ['assicurazioneTipo', 'assicurazionePrezzo', 'prezzoNoleggio', 'prezzoAssicurazione', 'prezzoOneri', 'prezzoTrasporto', 'prezzoVarie', 'prezzoTotale', 'prezzoTotaleScontato', 'acceptedByCustomer']],
  ['trattativa-cp-allegato', ['id', 'path', 'descrizione', 'file']],
  ['articolo-gruppo', ['id', 'description', 'price', 'selezionato', 'discountPercentage', 'discountAmount']],
  ['price-list-line', ['ResourceGroup', 'SlotFrom', 'SlotTo', 'Price', 'Periodo']],
  ['offer', ['ragioneSociale', 'partitaIva', 'created', 'mezzoId', 'articoliMezzo', 'articoliAggiuntivi', 'listiniOfferta', 'operatoreId', 'branchOfferId', 'famigliaGruppoRisorsa', 'gruppoRisorsa', 'trasportoRitornoKmCompilatoDaUtente']],
  ['send-mail-offer', ['oggetto', 'testo', 'allegati']],
  ['planning', ['date', 'startTime', 'endTime', 'customer', 'customerId', 'agentId', 'communicationPlanId', 'communicationReportId', 'meetingPlanIds', 'meetingReportIds', 'codiceLingua', 'subject', 'description', 'reminderDate', 'note']],
  ['accettazione-mezzo', ['operatore', 'dataAccettazione', 'danni', 'carburante', 'controlli', 'km', 'ore', 'foto', 'matricole', 'tacche', 'noteCliente', 'noteInterne']],
  ['tipo-controllo', ['id', 'nome', 'valori', 'tipo']],
  ['inventario-mezzi', ['id', 'filialeInventarioId', 'concluso', 'created', 'createdBy', 'updated', 'updatedBy', 'dataConclusione', 'conclusoDa', 'status', 'anomalie']],
  ['inventario-mezzi-item', ['id', 'idInventarioMezzi', 'manuale', 'statusId', 'note', 'resourceMago']],
  ['filiale-inventario', ['id', 'nome', 'codiceMago']],
  ['missed-call', ['id', 'receivedAt', 'senderPhone', 'internal', 'recalled', 'branchOffice', 'operator', 'duration', 'note']],
  ['report-call', ['id', 'callDate', 'callDateTime', 'caller', 'callerNumber', 'destination', 'destinationNumber', 'status', 'ringDuration', 'talkDuration', 'totalDuration', 'reason']],
  ['branch-office', ['nome']], ['branch-office-user', ['appUserId', 'branchOfficeId']],
  ['branch-offer', ['name', 'description', 'address', 'email', 'filialeNoleggio']],
  ['insurance', ['id', 'code', 'name', 'description', 'percentage', 'defaultInsurance']],
  ['transport-price', ['minFrom', 'minTo', 'price']], ['transport-increase-duration', ['durationFrom', 'durationTo', 'coefficient']],
  ['transport-increase-score', ['scoreFrom', 'scoreTo', 'coefficient']],
  ['gruppo-risorse', ['resourceGroup', 'description', 'descriptionCrm', 'active', 'famigliaGruppoRisorsaId', 'articoliGruppo', 'image']],
  ['famiglia-gruppo-risorse', ['description', 'image']], ['famiglia-mezzo', ['id', 'name']], ['articolo', ['description', 'active']],
  ['motivo-perso', ['description', 'coloreSfondo', 'coloreCarattere', 'ordinamento', 'codiceLingua']],
  ['stato-trattativa', ['description', 'code', 'coloreSfondo', 'coloreCarattere', 'ordinamento']],
  ['source', ['description', 'ordinamento', 'coloreSfondo', 'coloreCarattere']], ['filiale', ['description', 'ordinamento', 'coloreSfondo', 'coloreCarattere']],
  ['fonte', ['description', 'ordinamento', 'coloreSfondo', 'coloreCarattere']], ['nation', ['name', 'code']], ['settore', ['name', 'description', 'code']],
  ['potential', ['description']], ['role', ['role']], ['tech-code', ['name', 'code']], ['stato-offerta', ['description', 'active', 'ordinamento']],
  ['agent', ['name', 'code']], ['category', ['name']], ['family', ['name', 'categoryIds']], ['application', ['familyIds']], ['material', ['name']],
  ['meeting', ['description']], ['communication', ['description']], ['competitor', ['companyName']],
  ['competitor-trattativa', ['description', 'ragioneSociale']], ['commerciale', ['description', 'ordinamento']], ['gruppo-crm', ['description']],
  ['email', ['id', 'sentAt', 'sender', 'recipient', 'subject', 'status']], ['sales-person', ['id', 'name']],
];

describe('schemas/ holds every entity of SPEC.md section 3 with its fields', () => {
  it.each(SPEC_FIELDS)('%s', (file, fields) => {
    expect(Object.keys(schema(file).properties)).toEqual(expect.arrayContaining(fields));
  });

  it('applies the defaults and limits SPEC.md names', () => {
    const t = schema('trattativa-cp').properties as Record<string, { default?: unknown }>;
    expect(Object.fromEntries(['allegati', 'anagraficaInviata', 'brochureInviata', 'contattoMagoInviato', 'offerta', 'trasportoAbilitato', 'trasporto', 'trasportoRitorno', 'bozzaOffertaVisualizzata', 'schedaTecnicaInviata'].map((k) => [k, t[k]?.default])))
      .toEqual({ allegati: [], anagraficaInviata: false, brochureInviata: false, contattoMagoInviato: false, offerta: 'N', trasportoAbilitato: true, trasporto: 100, trasportoRitorno: 100, bozzaOffertaVisualizzata: false, schedaTecnicaInviata: false });
    expect((schema('articolo-gruppo').properties.price as { minimum: number }).minimum).toBe(1);
    expect(schema('motivo-perso').properties.coloreSfondo).toMatchObject({ default: '#FFFFFF' });
    expect(schema('motivo-perso').properties.coloreCarattere).toMatchObject({ default: '#000000' });
    expect(schema('accettazione-mezzo').properties.carburante).toMatchObject({ default: 0 });
    expect(schema('user').properties.roles).toMatchObject({ default: ['ROLE_USER'] });
    const common = JSON.parse(fs.readFileSync('schemas/common.json', 'utf8')) as { $defs: Record<string, { oneOf?: { const: string }[]; minimum?: number; maximum?: number }> };
    const values = (d: string) => common.$defs[d]?.oneOf?.map((o) => o.const);
    expect(values('RoleName')).toHaveLength(16);
    expect(values('TriState')).toEqual(['', 'Y', 'N']);
    expect(values('TimeUnit')).toEqual(['G', 'M', 'A']);
    expect(values('MaintainerType')).toEqual(['I', 'E']);
    expect(values('WorkingCalendarType')).toEqual(['GF', 'CA', 'FE']);
    expect(values('UserCategory')).toEqual(['CRM', 'Service']);
    expect(common.$defs.Notch).toMatchObject({ minimum: 0, maximum: 4 });
  });
});
