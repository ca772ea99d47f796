import type { Temporal } from 'temporal-polyfill';
import { partitaIvaCheckDigit } from '../../domain/partitaIva.ts';

const piva = (prefix10: string) => prefix10 + partitaIvaCheckDigit(prefix10);

/** Who the negotiation is with: company, town, contact, phone. */
const COMPANIES: [string, string, string, string][] = [
  ['Edilizia Brambilla S.r.l.', 'Milano', 'Paolo Brambilla', '02 4567 8901'],
  ['Impresa Rota Costruzioni S.p.A.', 'Bergamo', 'Giovanni Rota', '035 223 344'],
  ['Allestimenti Garda S.n.c.', 'Brescia', 'Marta Bonetti', '030 778 899'],
  ['Termoidraulica Sala & Figli', 'Varese', 'Enrico Sala', '0332 112 233'],
  ['Cantieri Lario S.r.l.', 'Como', 'Luisa Ferrario', '031 240 118'],
  ['Costruzioni Riva S.p.A.', 'Lecco', 'Alberto Riva', '0341 362 900'],
  ['Impresa Colombo & Figli', 'Monza', 'Sergio Colombo', '039 736 210'],
  ['Facciate Moderne S.r.l.', 'Milano', 'Irene Galbiati', '02 8912 4450'],
  ['Logistica Padana S.p.A.', 'Lodi', 'Fabrizio Pozzi', '0371 420 615'],
  ['Eventi Lombardia S.r.l.', 'Milano', 'Chiara Sironi', '02 3650 7781'],
  ['Restauri Bergamaschi S.n.c.', 'Bergamo', 'Mauro Locatelli', '035 455 120'],
  ['Verde Pubblico Coop.', 'Cremona', 'Anna Ghisolfi', '0372 411 732'],
  ['Carpenteria Metallica Nord S.r.l.', 'Brescia', 'Diego Zanardi', '030 351 208'],
  ['Fotovoltaico Alpino S.r.l.', 'Sondrio', 'Simone Bianchini', '0342 213 554'],
  ['Immobiliare San Siro S.p.A.', 'Milano', 'Federica Rossetti', '02 4009 1620'],
  ['Segnaletica Stradale Brianza', 'Monza', 'Walter Perego', '039 201 4478'],
  ['Acciaierie Valcamonica S.p.A.', 'Brescia', 'Luca Bertoli', '0364 530 112'],
  ['Tetti e Coperture Adda S.r.l.', 'Lecco', 'Roberta Mauri', '0341 282 776'],
  ['Manutenzioni Industriali Pavesi', 'Pavia', 'Giorgio Pavesi', '0382 304 990'],
  ['Scavi e Movimento Terra Rota S.n.c.', 'Bergamo', 'Pietro Rota', '035 240 5566'],
  ['Ponteggi Lombardi S.r.l.', 'Milano', 'Davide Lombardi', '02 2611 0983'],
  ['Fiera Allestimenti Rho S.r.l.', 'Rho', 'Elisa Radaelli', '02 9345 7612'],
  ['Idraulica Mantovana S.n.c.', 'Mantova', 'Claudio Ferretti', '0376 322 418'],
  ['Cartiera del Ticino S.p.A.', 'Varese', 'Ornella Tettamanti', '0331 780 250'],
  ['Elettroimpianti Gallaratesi', 'Gallarate', 'Massimo Castiglioni', '0331 792 604'],
  ['Cinema e Teatri Milano S.r.l.', 'Milano', 'Serena Villa', '02 7200 1134'],
  ['Vetrerie Franciacorta S.r.l.', 'Brescia', 'Andrea Gatti', '030 984 3320'],
  ['Costruzioni Ferrari S.p.A.', 'Roma', 'Marco Ferrari', '06 7812 3400'],
  ['Magazzini Generali Segrate', 'Segrate', 'Nadia Brivio', '02 2692 1875'],
  ['Comune di Cernusco sul Naviglio', 'Cernusco sul Naviglio', 'Ufficio tecnico', '02 9278 1221'],
];

/** What happens to a negotiation in the demo. */
export type Story =
  | 'nuova'
  | 'richiamare'
  | 'visitaRipianificata'
  | 'persa'
  | 'archiviata'
  | 'offertaAccettata'
  | 'offertaRifiutata'
  | 'offertaInScadenza'
  | 'offertaScaduta'
  | 'offertaInviata'
  | 'offertaBozza';

export interface DemoNegotiation {
  story: Story;
  /** Index into the salespeople the loader signs in (CP user, salesperson, supervisor). */
  seller: number;
  /** Days ago it came in (its insertion date once the demo is aged). */
  daysAgo: number;
  body: Record<string, unknown>;
  attachments: boolean;
}

const STORIES: Story[] = [
  'nuova',
  'nuova',
  'nuova',
  'nuova',
  'richiamare',
  'richiamare',
  'richiamare',
  'richiamare',
  'richiamare',
  'richiamare',
  'visitaRipianificata',
  'visitaRipianificata',
  'visitaRipianificata',
  'persa',
  'persa',
  'persa',
  'archiviata',
  'archiviata',
  'archiviata',
  'offertaAccettata',
  'offertaRifiutata',
  'offertaInScadenza',
  'offertaScaduta',
  'offertaInviata',
  'offertaInviata',
  'offertaInviata',
  'offertaBozza',
  'richiamare',
  'nuova',
  'visitaRipianificata',
];

const NOTES: Partial<Record<Story, string>> = {
  nuova: 'Richiesta arrivata dal sito: chiede disponibilità per il mese prossimo.',
  richiamare: 'Da richiamare per confermare date e accesso al cantiere.',
  visitaRipianificata: 'Il cliente ha chiesto di spostare il sopralluogo.',
  persa: 'Il cliente ha scelto un altro fornitore.',
  archiviata: 'Lavoro concluso, pratica chiusa.',
};

export interface Lookups {
  fonti: number[];
  filiali: number[];
  famiglieMezzo: number[];
  settori: number[];
  commerciali: number[];
  stati: Record<'NEW' | 'INC' | 'WIN' | 'LOST', number>;
  motivi: number[];
  competitors: number[];
}

/**
 * About thirty negotiations in every state, dated from today in Rome: call-backs and rescheduled visits fall
 * in the current week, so the calendar and the home page always have something.
 */
export function demoNegotiations(today: Temporal.PlainDate, l: Lookups): DemoNegotiation[] {
  const monday = today.subtract({ days: today.dayOfWeek - 1 });
  const weekDay = (i: number) => monday.add({ days: i % 5 }).toString();
  return STORIES.map((story, i) => {
    const [ragioneSociale, town, contatto, telefono] = COMPANIES[i % COMPANIES.length]!;
    const pick = (xs: number[]) => xs[i % xs.length] ?? null;
    const slug = ragioneSociale
      .toLowerCase()
      .replace(/[^a-z]+/g, '')
      .slice(0, 18);
    const state =
      story === 'persa'
        ? l.stati.LOST
        : story === 'archiviata'
          ? l.stati.WIN
          : story === 'nuova'
            ? l.stati.NEW
            : l.stati.INC;
    const body: Record<string, unknown> = {
      ragioneSociale,
      partitaIva: piva(`0${String(341_200 + i * 7_919).padStart(6, '0')}015`),
      email: `${contatto.split(' ')[0]!.toLowerCase()}@${slug}.it`,
      telefono,
      contatto,
      paeseTrattativa: town,
      destinazioneCantiere: `Via Roma ${10 + i}, ${town}`,
      fonteId: pick(l.fonti),
      filialeId: pick(l.filiali),
      famigliaMezzoId: pick(l.famiglieMezzo),
      sectorId: pick(l.settori),
      commercialeId: pick(l.commerciali),
      competitorTrattativeId: i % 4 === 0 ? pick(l.competitors) : null,
      statoTrattativaId: state,
      score: 40 + ((i * 17) % 60),
      macchineAccessori: i % 2 ? 'Piattaforma 12 m con cestello' : 'Sollevatore telescopico con forche',
      note: NOTES[story] ?? 'Offerta in preparazione.',
      inizio: today.add({ days: 10 + (i % 20) }).toString(),
      fine: today.add({ days: 24 + (i % 20) }).toString(),
    };
    if (story === 'richiamare' || story.startsWith('offerta')) {
      // Half of them today, so the calendar's today has its call-backs too.
      body.richiamareInData = i % 2 ? weekDay(i) : today.toString();
      body.richiamareInOrario = `${String(9 + (i % 8)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    }
    if (story === 'visitaRipianificata') {
      body.dataVisita = today.subtract({ days: 3 + (i % 4) }).toString();
      body.ripianificaVisita = weekDay(i + 2);
      body.noteVisita = 'Sopralluogo spostato su richiesta del capocantiere.';
    }
    if (story === 'persa') {
      body.motivoPersaId = pick(l.motivi);
      body.notePersa = 'Prezzo del concorrente più basso del 10%.';
    }
    const offerStory = story.startsWith('offerta');
    return {
      story,
      seller: i % 3,
      // Offers that must have been sent weeks ago came in before that.
      daysAgo: story === 'offertaScaduta' ? 45 : story === 'offertaInScadenza' ? 32 : offerStory ? 6 + (i % 5) : i % 35,
      body,
      attachments: i % 6 === 1 || story === 'offertaAccettata',
    };
  });
}
