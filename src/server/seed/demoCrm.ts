import { Temporal } from 'temporal-polyfill';
import { DEMO_PDF, form, type DemoApi, type Headers } from './demoApi.ts';

/** Each demo customer's contact: a person of that company, with an address at its e-mail domain. */
const CONTACTS: Record<string, [string, string, string]> = {
  'Edilizia Brambilla S.r.l.': ['Paolo', 'Brambilla', 'Titolare'],
  'Impresa Rota Costruzioni S.p.A.': ['Giovanni', 'Rota', 'Responsabile acquisti'],
  'Allestimenti Garda S.n.c.': ['Marta', 'Bonetti', 'Capocantiere'],
  'Termoidraulica Sala & Figli': ['Enrico', 'Sala', 'Amministrazione'],
};

/** Each customer's contact and equipment profile, and a document on the first, as the CRM user enters them. */
export async function customers(api: DemoApi, crm: Headers) {
  const { data: list } = await api.call<{ data: { id: number; companyName: string; email: string | null }[] }>(
    crm,
    'GET',
    '/api/customers?page=0&rowsPerPage=0',
  );
  const ids = list.map((c) => c.id);
  const roles = await api.idsBy<{ role: string }>(crm, '/api/roles', 'role');
  const competitors = [...(await api.idsBy<{ id: number }>(crm, '/api/competitors', 'id')).values()];
  const categories = [...(await api.idsBy<{ id: number }>(crm, '/api/categories', 'id')).values()];
  const materials = [...(await api.idsBy<{ id: number }>(crm, '/api/materials', 'id')).values()];
  for (const [i, { id: customerId, companyName, email }] of list.entries()) {
    const contact = CONTACTS[companyName];
    if (contact) {
      const [name, surname, role] = contact;
      const domain = email?.split('@')[1] ?? 'example.it';
      await api.call(crm, 'POST', '/api/contacts', {
        customerId,
        name,
        surname,
        roleId: roles.get(role) ?? null,
        email: `${name.toLowerCase()}.${surname.toLowerCase()}@${domain}`,
        phone: `333 ${String(1_234_567 + i * 1_111)}`,
      });
    }
    await api.call(crm, 'POST', '/api/details', {
      customerId,
      competitorId: competitors[i % competitors.length] ?? null,
      categoryId: categories[i % categories.length] ?? null,
      materials: materials.slice(0, 1 + (i % 2)),
    });
  }
  if (ids[0])
    await api.call(
      crm,
      'POST',
      '/api/files',
      form({
        file: [DEMO_PDF, 'Visura camerale.pdf'],
        data: JSON.stringify({ entity: 'customer', entityId: ids[0], description: 'Visura camerale' }),
      }),
    );
}

/** The week's activities of the sales team: some done, some to complete, some today and ahead. */
export async function plannings(api: DemoApi, today: Temporal.PlainDate, users: Headers[]) {
  const customers = [...(await api.idsBy<{ id: number }>(users[0]!, '/api/customers', 'id')).values()];
  const communications = [...(await api.idsBy<{ id: number }>(users[0]!, '/api/communications', 'id')).values()];
  const meetings = [...(await api.idsBy<{ id: number }>(users[0]!, '/api/meetings', 'id')).values()];
  const monday = today.subtract({ days: today.dayOfWeek - 1 });
  // Today three times: alternating users, each sees at least two (a linked salesperson sees her agent's only).
  const days = [...Array.from({ length: 5 }, (_, d) => monday.add({ days: d })), today, today, today];
  const subjects = [
    'Visita in cantiere',
    'Telefonata di aggiornamento',
    'Presentazione nuova gamma',
    'Sopralluogo',
    'Rinnovo contratto',
  ];
  for (const [i, day] of days.entries()) {
    const user = users[i % users.length]!;
    const start = 9 + ((i * 2) % 8);
    await api.call(user, 'POST', '/api/plannings', {
      date: day.toString(),
      startTime: `${String(start).padStart(2, '0')}:00`,
      endTime: `${String(start + 1).padStart(2, '0')}:00`,
      customerId: customers[i % customers.length],
      communicationPlanId: communications[i % communications.length],
      meetingPlanIds: [meetings[i % meetings.length]],
      subject: subjects[i % subjects.length],
      description: 'Verificare le esigenze di noleggio dei prossimi mesi.',
      completed: Temporal.PlainDate.compare(day, today) < 0 && i % 2 === 0,
    });
  }
}

/** The contact centre called two customers back without an answer: a "Richiamare" activity in its planning each. */
export async function callBacks(api: DemoApi, operator: Headers) {
  const { data } = await api.call<{ data: { id: number }[] }>(
    operator,
    'GET',
    '/api/missed-calls?recalled=N&page=1&rowsPerPage=2',
  );
  for (const { id } of data) {
    await api.call(operator, 'POST', `/api/missed-calls/${id}/recall`);
    await api.call(operator, 'POST', `/api/missed-calls/${id}/no-answer`);
  }
}
