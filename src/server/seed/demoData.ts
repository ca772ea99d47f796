import type { ResourceTypeName } from '../context.ts';
import type { RoleName } from '../../../generated/entities.ts';
import { romeToday } from '../../domain/calendar/index.ts';
import { partitaIvaCheckDigit } from '../../domain/partitaIva.ts';

const piva = (prefix10: string) => prefix10 + partitaIvaCheckDigit(prefix10);
/** A day of this year (in Rome), for the working calendar's closures. */
const thisYear = (monthDay: string) => `${romeToday().slice(0, 4)}-${monthDay}`;
const colours = (coloreSfondo: string, coloreCarattere = '#000000') => ({ coloreSfondo, coloreCarattere });

/** Realistic Italian demo records, by resource type, inserted in this order on a fresh database. */
export const DEMO_DATA: [ResourceTypeName, Record<string, unknown>[]][] = [
  [
    'Agent',
    [
      { name: 'Luca Verdi', code: 'AG01' },
      { name: 'Francesca Galli', code: 'AG02' },
      { name: 'Marco Ferri', code: 'AG03' },
      { name: 'Chiara Lombardi', code: 'AG04' },
    ],
  ],
  [
    'Nation',
    [
      { name: 'Italia', code: 'IT' },
      { name: 'Svizzera', code: 'CH' },
      { name: 'Francia', code: 'FR' },
      { name: 'Austria', code: 'AT' },
      { name: 'Slovenia', code: 'SI' },
    ],
  ],
  ['Category', [{ name: 'Sollevamento' }, { name: 'Movimento terra' }, { name: 'Energia' }, { name: 'Compattazione' }]],
  [
    'Family',
    [
      { name: 'Piattaforme aeree', categoryIds: [1] },
      { name: 'Escavatori', categoryIds: [2] },
      { name: 'Generatori', categoryIds: [3] },
    ],
  ],
  [
    'Application',
    [
      { name: 'Manutenzione facciate', familyIds: [1] },
      { name: 'Scavi e fondazioni', familyIds: [2] },
    ],
  ],
  ['Material', [{ name: 'Calcestruzzo' }, { name: 'Acciaio' }, { name: 'Legno' }]],
  [
    'Meeting',
    [{ description: 'Visita in cantiere' }, { description: 'Incontro in sede' }, { description: 'Videochiamata' }],
  ],
  ['Communication', [{ description: 'Telefonata' }, { description: 'Email' }, { description: 'Visita' }]],
  [
    'Potential',
    [{ description: 'Fino a 10.000 €' }, { description: 'Da 10.000 a 50.000 €' }, { description: 'Oltre 50.000 €' }],
  ],
  [
    'Role',
    [{ role: 'Titolare' }, { role: 'Responsabile acquisti' }, { role: 'Capocantiere' }, { role: 'Amministrazione' }],
  ],
  [
    'TechCode',
    [
      { name: 'Andrea Colombo', code: 'T07' },
      { name: 'Paolo Rizzo', code: 'T12' },
    ],
  ],
  ['Competitor', [{ companyName: 'Noleggi Lombardi S.p.A.' }, { companyName: 'Edil Rent S.r.l.' }]],
  [
    'Source',
    [
      { description: 'Fiera', ordinamento: 1, ...colours('#E3F2FD') },
      { description: 'Passaparola', ordinamento: 2, ...colours('#FFF3E0') },
    ],
  ],
  [
    'Fonte',
    [
      { description: 'Sito web', ordinamento: 1, ...colours('#E8F5E9') },
      { description: 'Telefono', ordinamento: 2, ...colours('#FFFFFF') },
      { description: 'Agente', ordinamento: 3, ...colours('#FCE4EC') },
    ],
  ],
  [
    'Filiale',
    [
      { description: 'Milano Nord', ordinamento: 1, ...colours('#FFFFFF') },
      { description: 'Bergamo', ordinamento: 2, ...colours('#FFFDE7') },
      { description: 'Brescia', ordinamento: 3, ...colours('#E0F7FA') },
    ],
  ],
  [
    'StatoTrattativa',
    [
      { description: 'Nuova', code: 'NEW', ordinamento: 1, ...colours('#E3F2FD') },
      { description: 'In corso', code: 'INC', ordinamento: 2, ...colours('#FFF8E1') },
      { description: 'Chiusa vinta', code: 'WIN', ordinamento: 3, ...colours('#2E7D32', '#FFFFFF') },
      { description: 'Chiusa persa', code: 'LOST', ordinamento: 4, ...colours('#C62828', '#FFFFFF') },
    ],
  ],
  [
    'MotivoPerso',
    [
      { description: 'Prezzo troppo alto', ordinamento: 1, ...colours('#FFEBEE') },
      { description: 'Mezzo non disponibile', ordinamento: 2, ...colours('#FFFFFF') },
      { description: 'Scelto un concorrente', ordinamento: 3, ...colours('#FFFFFF') },
    ],
  ],
  [
    'Commerciale',
    [
      { description: 'Francesca Galli', ordinamento: 1 },
      { description: 'Roberto Marchetti', ordinamento: 2 },
    ],
  ],
  [
    'Settore',
    [
      { name: 'Edilizia', description: 'Imprese edili e cantieri', code: 'EDI' },
      { name: 'Industria', description: 'Stabilimenti e logistica', code: 'IND' },
      { name: 'Eventi', description: 'Allestimenti e spettacoli', code: 'EVE' },
    ],
  ],
  ['GruppoCrm', [{ description: 'Area Lombardia' }, { description: 'Area Veneto' }]],
  [
    'CompetitorTrattativa',
    [
      { description: 'Concorrente principale', ragioneSociale: 'Edil Noleggi S.r.l.' },
      { description: 'Concorrente locale', ragioneSociale: 'Brianza Rent S.n.c.' },
    ],
  ],
  [
    'FamigliaMezzo',
    [
      { name: 'Piattaforme a pantografo' },
      { name: 'Piattaforme articolate' },
      { name: 'Sollevatori telescopici' },
      { name: 'Miniescavatori' },
    ],
  ],
  [
    'InvioBrochure',
    [
      {
        description: 'Brochure piattaforme',
        famigliaMezzoId: 1,
        oggetto: 'La nostra gamma di piattaforme',
        testo: 'Gentile cliente, in allegato la brochure richiesta.',
      },
    ],
  ],
  ['FamigliaGruppoRisorse', [{ description: 'Piattaforme aeree' }, { description: 'Movimentazione' }]],
  [
    'Articolo',
    [
      { description: 'Cestello portapersone', active: 'Y' },
      { description: 'Kit stabilizzatori', active: 'Y' },
      { description: 'Forche per pallet', active: 'Y' },
    ],
  ],
  [
    'GruppoRisorse',
    [
      {
        resourceGroup: 'PLT12',
        description: 'Piattaforma verticale 12 m',
        descriptionCrm: 'Piattaforma elettrica a pantografo 12 m',
        active: 'Y',
        famigliaGruppoRisorsaId: 1,
        articoliGruppo: [
          {
            id: 1,
            description: 'Cestello portapersone',
            price: 35,
            selezionato: false,
            discountPercentage: 0,
            discountAmount: 0,
          },
        ],
      },
      {
        resourceGroup: 'ART16',
        description: 'Piattaforma articolata 16 m',
        descriptionCrm: 'Piattaforma diesel articolata 16 m',
        active: 'Y',
        famigliaGruppoRisorsaId: 1,
        articoliGruppo: [],
      },
      {
        resourceGroup: 'TEL14',
        description: 'Sollevatore telescopico 14 m',
        descriptionCrm: 'Sollevatore telescopico 14 m, portata 4 t',
        active: 'Y',
        famigliaGruppoRisorsaId: 2,
        articoliGruppo: [
          {
            id: 1,
            description: 'Forche per pallet',
            price: 20,
            selezionato: false,
            discountPercentage: 0,
            discountAmount: 0,
          },
        ],
      },
    ],
  ],
  [
    'BranchOffer',
    [
      {
        name: 'Rossi Noleggi Milano',
        description: 'Sede di Milano',
        address: 'Via Giuseppe Mazzini 12, 20123 Milano (MI)',
        latitude: 45.4642,
        longitude: 9.19,
        email: 'milano@rossinoleggi.it',
        filialeNoleggio: 'MI01',
      },
      {
        name: 'Rossi Noleggi Bergamo',
        description: 'Sede di Bergamo',
        address: 'Via XX Settembre 8, 24122 Bergamo (BG)',
        latitude: 45.6983,
        longitude: 9.6773,
        email: 'bergamo@rossinoleggi.it',
        filialeNoleggio: 'BG01',
      },
    ],
  ],
  [
    'Insurance',
    [
      {
        code: 'BASE',
        name: 'Base',
        description: 'Copertura base danni al mezzo',
        percentage: 8,
        defaultInsurance: true,
      },
      { code: 'FULL', name: 'Full', description: 'Copertura completa', percentage: 12, defaultInsurance: false },
      {
        code: 'SP',
        name: 'Senza pensieri',
        description: 'Nessuna franchigia',
        percentage: 15,
        defaultInsurance: false,
      },
    ],
  ],
  [
    'TransportPrice',
    [
      { minFrom: 0, minTo: 30, price: 60 },
      { minFrom: 31, minTo: 60, price: 95 },
      { minFrom: 61, minTo: 120, price: 150 },
    ],
  ],
  [
    'TransportIncreaseDuration',
    [
      { durationFrom: 1, durationTo: 5, coefficient: 1.2 },
      { durationFrom: 6, durationTo: 30, coefficient: 1 },
    ],
  ],
  [
    'TransportIncreaseScore',
    [
      { scoreFrom: 0, scoreTo: 50, coefficient: 1.1 },
      { scoreFrom: 51, scoreTo: 100, coefficient: 1 },
    ],
  ],
  [
    'StatoOfferta',
    [
      { description: 'Bozza', active: true, ordinamento: 1 },
      { description: 'Inviata', active: true, ordinamento: 2 },
      { description: 'Accettata', active: true, ordinamento: 3 },
      { description: 'Persa', active: true, ordinamento: 4 },
      { description: 'Scaduta (non più usato)', active: false, ordinamento: 5 },
    ],
  ],
  [
    'TipoControllo',
    [
      { nome: 'Livello olio motore', valori: 'OK,Basso,Da rabboccare', tipo: 'select' },
      { nome: 'Pneumatici', valori: 'Buoni,Usurati,Da sostituire', tipo: 'select' },
      { nome: 'Pulizia', valori: 'Pulito,Sporco', tipo: 'select' },
      { nome: 'Luci funzionanti', tipo: 'Sì/No' },
      { nome: 'Livello AdBlue (%)', tipo: 'numero' },
    ],
  ],
  [
    'FilialeInventario',
    [
      { nome: 'Milano Nord', codiceMago: 'MI01' },
      { nome: 'Bergamo', codiceMago: 'BG01' },
    ],
  ],
  [
    'InventarioMezziItemStato',
    [
      { description: 'Presente', presente: true },
      { description: 'Non trovato', presente: false },
      { description: 'In riparazione', presente: true },
    ],
  ],
  [
    'BranchOffice',
    [
      { nome: 'Milano', phoneNumbers: '02 1234 5678', thresholdMinutes: 60 },
      { nome: 'Bergamo', phoneNumbers: '035 412 000', thresholdMinutes: 90 },
      { nome: 'Brescia', phoneNumbers: '030 240 000', thresholdMinutes: 120, saturdayMorning: 'Y' },
    ],
  ],
  [
    'WorkingCalendar',
    [
      { dateFrom: thisYear('08-10'), dateTo: thisYear('08-21'), type: 'CA', description: 'Chiusura estiva' },
      { dateFrom: thisYear('12-24'), type: 'FE', description: 'Vigilia di Natale' },
      { dateFrom: thisYear('12-31'), type: 'FE', description: "Ultimo giorno dell'anno" },
      { dateFrom: thisYear('12-07'), type: 'GF', description: "Sant'Ambrogio, patrono di Milano", branchOfficeId: 1 },
      {
        dateFrom: thisYear('08-26'),
        type: 'GF',
        description: "Sant'Alessandro, patrono di Bergamo",
        branchOfficeId: 2,
      },
      {
        dateFrom: thisYear('02-15'),
        type: 'GF',
        description: 'Santi Faustino e Giovita, patroni di Brescia',
        branchOfficeId: 3,
      },
    ],
  ],
  [
    'SalesPerson',
    [
      { name: 'Giulia Bianchi', code: 'V012' },
      { name: 'Roberto Marchetti', code: 'V015' },
    ],
  ],
  [
    'ClienteErp',
    [
      {
        code: '111',
        companyName: 'Costruzioni Ferrari S.p.A.',
        vatNumber: piva('0111460100'),
        city: 'Roma',
        address: 'Via Appia Nuova 210',
        email: 'info@costruzioniferrari.it',
        phone: '06.7812.3400',
      },
      {
        code: '245',
        companyName: 'Costruzioni Edili Lombarde S.r.l.',
        vatNumber: piva('0245871016'),
        city: 'Monza',
        address: 'Viale Lombardia 88',
        email: 'amministrazione@edililombarde.it',
        phone: '039.230.1177',
      },
      {
        code: '318',
        companyName: 'Scavi e Movimento Terra Rota S.n.c.',
        vatNumber: piva('0318204016'),
        city: 'Bergamo',
        address: 'Via Borgo Palazzo 41',
        email: 'info@scavirota.it',
        phone: '035.240.5566',
      },
    ],
  ],
  [
    'Customer',
    [
      {
        code: 'C000101',
        companyName: 'Edilizia Brambilla S.r.l.',
        vatNumber: piva('0074311015'),
        agentId: 1,
        sourceId: 1,
        nationId: 1,
        address: 'Via Giuseppe Mazzini 12',
        postcode: '20123',
        city: 'Milano',
        province: 'MI',
        email: 'amministrazione@ediliziabrambilla.it',
        phone: '02 4567 8901',
        reseller: false,
        latitude: 45.4642,
        longitude: 9.19,
        date: '2025-03-12',
      },
      {
        code: 'C000102',
        companyName: 'Impresa Rota Costruzioni S.p.A.',
        vatNumber: piva('0248811016'),
        agentId: 2,
        sourceId: 2,
        nationId: 1,
        address: 'Via Borgo Palazzo 90',
        postcode: '24125',
        city: 'Bergamo',
        province: 'BG',
        email: 'info@rotacostruzioni.it',
        phone: '035 223 344',
        reseller: false,
        latitude: 45.6983,
        longitude: 9.6773,
        date: '2025-04-02',
      },
      {
        code: 'C000103',
        companyName: 'Allestimenti Garda S.n.c.',
        vatNumber: piva('0312345017'),
        agentId: 3,
        sourceId: 1,
        nationId: 1,
        address: 'Viale Venezia 45',
        postcode: '25123',
        city: 'Brescia',
        province: 'BS',
        email: 'eventi@allestimentigarda.it',
        phone: '030 778 899',
        reseller: true,
        latitude: 45.5416,
        longitude: 10.2118,
        date: '2025-05-20',
      },
      {
        code: 'C000104',
        companyName: 'Termoidraulica Sala & Figli',
        vatNumber: piva('0456789012'),
        agentId: 1,
        sourceId: 2,
        nationId: 1,
        address: 'Corso Vittorio Emanuele 3',
        postcode: '21100',
        city: 'Varese',
        province: 'VA',
        email: 'sala@termoidraulicasala.it',
        phone: '0332 112 233',
        reseller: false,
        latitude: 45.8206,
        longitude: 8.8251,
        date: '2025-06-11',
      },
    ],
  ],
  [
    'Email',
    [
      {
        createdAt: '2025-09-24T09:59:58+02:00',
        sentAt: '2025-09-24T10:00:00+02:00',
        kind: 'offerta',
        status: 'sent',
        attempts: 1,
        sender: '"Rossi Noleggi S.r.l." <noleggio@rossinoleggi.it>',
        recipient: 'paolo.brambilla@ediliziabrambilla.it',
        subject: 'Offerta di noleggio OFF-2025-000112 - Rossi Noleggi S.r.l.',
        attachmentNames: ['Offerta_OFF-2025-000112.pdf'],
        causeEntity: 'trattativaCp',
        requestedBy: 'utente.cp',
        htmlBody:
          '<p>Gentile Paolo Brambilla,</p><p>in allegato la nostra offerta di noleggio OFF-2025-000112. Può vederla, scegliere l\'assicurazione e confermarla qui: <a href="https://crm.rossinoleggi.it/trattativeCp/offers/3q2-7wVn0b8Jk1xQeQp0AQ">apri l\'offerta</a>.</p><p>Cordiali saluti,<br>Rossi Noleggi S.r.l.</p>',
        textBody:
          "Gentile Paolo Brambilla,\nin allegato la nostra offerta di noleggio OFF-2025-000112. Può vederla, scegliere l'assicurazione e confermarla qui: https://crm.rossinoleggi.it/trattativeCp/offers/3q2-7wVn0b8Jk1xQeQp0AQ\n\nCordiali saluti,\nRossi Noleggi S.r.l.",
      },
      {
        createdAt: '2025-09-24T11:30:12+02:00',
        sentAt: '2025-09-24T11:30:14+02:00',
        kind: 'brochure',
        status: 'sent',
        attempts: 1,
        sender: '"Rossi Noleggi S.r.l." <noleggio@rossinoleggi.it>',
        recipient: 'acquisti@costruzioniferrari.it',
        subject: 'La nostra gamma di piattaforme aeree',
        attachmentNames: [],
        causeEntity: 'trattativaCp',
        requestedBy: 'commerciale.cp',
      },
      {
        createdAt: '2025-09-24T15:02:41+02:00',
        kind: 'brochure',
        status: 'failed',
        attempts: 8,
        lastError: 'Errore temporaneo del server di posta: 451 4.3.0 Riprovare più tardi',
        sender: '"Rossi Noleggi S.r.l." <noleggio@rossinoleggi.it>',
        recipient: 'ufficio.tecnico@allestimentigarda.it',
        subject: 'Scheda tecnica piattaforma aerea 16 m',
        attachmentNames: [],
        causeEntity: 'trattativaCp',
        requestedBy: 'commerciale.cp',
        htmlBody: '<p>Gentile cliente, in allegato la scheda tecnica richiesta.</p>',
        textBody: 'Gentile cliente, in allegato la scheda tecnica richiesta.',
      },
    ],
  ],
];

/**
 * One demo user per role, each with a random password (seed.ts). ROLE_NL only adds the reassignment of negotiations:
 * alone it reaches no screen, so the rental company's NL person is a CP user as well.
 */
export const DEMO_USERS: { username: string; name: string; surname: string; roles: RoleName[] }[] = (
  [
    ['admin.demo', 'Alessandra', 'Conti', ['ROLE_ADMIN']],
    ['utente', 'Giorgio', 'Neri', ['ROLE_USER']],
    ['crm', 'Silvia', 'Marini', ['ROLE_USER_CRM']],
    ['utente.cp', 'Davide', 'Fontana', ['ROLE_USER_CP']],
    ['commerciale.cp', 'Francesca', 'Galli', ['ROLE_COMMERCIALE_CP']],
    ['supervisore.cp', 'Roberto', 'Marchetti', ['ROLE_SUPERVISOR_CP']],
    ['accettazione', 'Matteo', 'Barbieri', ['ROLE_USER_ACCETTAZIONE_MEZZI']],
    ['supervisore.accettazione', 'Elena', 'Greco', ['ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI']],
    ['inventario', 'Stefano', 'Ruggiero', ['ROLE_USER_INVENTARIO_MEZZI']],
    ['supervisore.inventario', 'Laura', 'Costa', ['ROLE_SUPERVISOR_INVENTARIO_MEZZI']],
    ['contactcenter', 'Giulia', 'Bianchi', ['ROLE_CONTACT_CENTER']],
    ['marketing', 'Valentina', 'Moretti', ['ROLE_MARKETING']],
    ['noleggio', 'Fabio', 'Esposito', ['ROLE_USER_CP', 'ROLE_NL']],
    ['master', 'Antonio', 'Russo', ['ROLE_MASTER']],
    ['api', 'Servizio', 'API', ['ROLE_API']],
  ] as const
).map(([username, name, surname, roles]) => ({ username, name, surname, roles: [...roles] }));
