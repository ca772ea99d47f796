import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import type { Db, Queryable } from '../db/Db.ts';
import { historyTriggerSource, type HistoryPlan } from './history.ts';
import { historyTriggers } from './migrate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const plans = () =>
  [...t.ctx.resources.values()].flatMap(({ model }) => (model.history ? [{ model, plan: model.history }] : []));
const planOf = (table: string): HistoryPlan => {
  const found = plans().find((p) => p.model.table === table);
  if (!found) throw new Error(`${table}: no history`);
  return found.plan;
};
const triggerFunctions = async (db: Queryable) =>
  Object.fromEntries(
    (
      await db.query<{ table: string; fn: string }>(
        `SELECT c.relname AS "table", p.proname AS fn FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
           JOIN pg_proc p ON p.oid = tg.tgfoid WHERE tg.tgname = 'storico'`,
      )
    ).rows.map((r) => [r.table, r.fn]),
  );
/** The trigger of migrations/0011 (storico_registra with the plan as its arguments), which the tables had before. */
async function genericTrigger(db: Queryable, table: string) {
  const plan = planOf(table);
  const args = [plan.resource, plan.parent?.field ?? '', plan.parent?.resource ?? '', JSON.stringify(plan.refs)];
  const literal = (a: string) => `'${a.replace(/'/g, "''")}'`;
  await db.query(
    `CREATE OR REPLACE TRIGGER "storico" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
       FOR EACH ROW EXECUTE FUNCTION storico_registra(${[...args, ...plan.keep].map(literal).join(', ')})`,
  );
}

/**
 * Writes of every kind on a customer with references and on a contact (whose history is its customer's too):
 * a creation, a change of a name, a reference and a number, a save changing nothing, a named event with its
 * note, deletions. Returns the history rows they left, without their ids.
 */
async function writes(db: Db, tag: string) {
  const agent = Number(
    (await db.query(`INSERT INTO agent (name) VALUES ($1) RETURNING id`, [`Agente ${tag}`])).rows[0]?.id,
  );
  const other = Number(
    (await db.query(`INSERT INTO agent (name) VALUES ($1) RETURNING id`, [`Altro ${tag}`])).rows[0]?.id,
  );
  const first = Number((await db.query<{ id: number }>(`SELECT max(id) AS id FROM "storico"`)).rows[0]?.id ?? 0);
  const actor = JSON.stringify({ u: 7, n: 'Marco Conti', r: `req-${tag}` });
  await db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('app.storico', $1, true)`, [actor]);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO customer ("companyName", "agentId", "potentialPurchaseEuro", reseller, note)
         VALUES ('Edilizia ${tag}', $1, 1250.5, true, NULL) RETURNING id`,
      [agent],
    );
    const id = Number(rows[0]?.id);
    await tx.query(
      `UPDATE customer SET "companyName" = 'Edilizia ${tag} S.r.l.', "agentId" = $2, "potentialPurchaseEuro" = 1250.50,
         note = 'richiamare' WHERE id = $1`,
      [id, other],
    );
    await tx.query(`UPDATE customer SET "companyName" = "companyName" WHERE id = $1`, [id]);
    await tx.query(`SELECT set_config('app.storico_evento', $1, true)`, [
      JSON.stringify({ r: 'customer', id, e: 'archiviazione', nota: 'chiusa' }),
    ]);
    await tx.query(`UPDATE customer SET version = version + 1 WHERE id = $1`, [id]);
    const contact = Number(
      (
        await tx.query(`INSERT INTO contact ("customerId", name, surname) VALUES ($1, 'Ivo', 'Rota') RETURNING id`, [
          id,
        ])
      ).rows[0]?.id,
    );
    await tx.query(`UPDATE contact SET surname = 'Rota Bianchi' WHERE id = $1`, [contact]);
    await tx.query(`DELETE FROM contact WHERE id = $1`, [contact]);
    await tx.query(`DELETE FROM customer WHERE id = $1`, [id]);
  });
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT risorsa, evento, campi, etichette, "utenteId", utente, richiesta, "padreRisorsa", "padreId" IS NOT NULL AS padre
       FROM "storico" WHERE id > $1 ORDER BY id`,
    [first],
  );
  // The two runs' own names and ids differ only by their tag.
  const ids = (pair: unknown) => (Array.isArray(pair) ? pair.map((v) => (typeof v === 'number' ? 'id' : v)) : pair);
  return (
    JSON.parse(JSON.stringify(rows).replaceAll(tag, 'TAG')) as { evento: string; campi: Record<string, unknown> }[]
  ).map((r) => ({
    ...r,
    campi: Object.fromEntries(
      Object.entries(r.campi).map(([k, v]) => [k, k === 'agentId' || k === 'customerId' ? ids(v) : v]),
    ),
  }));
}

describe("each table's history trigger runs the function written for it", () => {
  it('every table with history has its own function after a start, none other has one', async () => {
    const fns = await triggerFunctions(t.ctx.db);
    const expected = Object.fromEntries(plans().map(({ model }) => [model.table, `storico_${model.table}`]));
    expect(fns).toEqual(expected);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
  });

  it('leaves the very rows the generic function of migrations/0011 left, for every kind of write', async () => {
    const own = await writes(t.ctx.db, 'uno');
    expect(own.map((r) => r.evento)).toEqual([
      'creazione',
      'modifica',
      'archiviazione',
      'creazione',
      'modifica',
      'eliminazione',
      'eliminazione',
    ]);
    expect(own[1]).toMatchObject({
      campi: { companyName: ['Edilizia TAG', 'Edilizia TAG S.r.l.'], note: [null, 'richiamare'] },
      etichette: { agentId: ['Agente TAG', 'Altro TAG'] },
      utente: 'Marco Conti',
      utenteId: 7,
    });
    expect(own[1]?.campi).not.toHaveProperty('potentialPurchaseEuro');
    expect(own[3]).toMatchObject({ risorsa: 'contact', padreRisorsa: 'customer', padre: true });
    await genericTrigger(t.ctx.db, 'customer');
    await genericTrigger(t.ctx.db, 'contact');
    try {
      expect(await writes(t.ctx.db, 'due')).toEqual(own);
    } finally {
      await historyTriggers(
        t.ctx.db,
        plans().map(({ model, plan }) => ({ table: model.table, source: historyTriggerSource(plan) })),
      );
    }
    expect((await triggerFunctions(t.ctx.db)).customer).toBe('storico_customer');
  });

  it('a start with nothing changed makes nothing again; a table no longer asking loses its trigger and function', async () => {
    const tables = plans().map(({ model, plan }) => ({ table: model.table, source: historyTriggerSource(plan) }));
    const made = async () =>
      (
        await t.ctx.db.query<{ made: string }>(
          `SELECT xmin::text AS made FROM pg_proc WHERE proname = 'storico_customer'`,
        )
      ).rows[0]?.made;
    const before = await made();
    await historyTriggers(t.ctx.db, tables);
    expect(await made()).toBe(before);

    await historyTriggers(
      t.ctx.db,
      tables.filter((x) => x.table !== 'contact'),
    );
    expect(await triggerFunctions(t.ctx.db)).not.toHaveProperty('contact');
    const left = await t.ctx.db.query(`SELECT 1 FROM pg_proc WHERE proname = 'storico_contact'`);
    expect(left.rows).toEqual([]);
    await historyTriggers(t.ctx.db, tables);
    expect((await triggerFunctions(t.ctx.db)).contact).toBe('storico_contact');
  });
});
