import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import { repositoryOn } from './crudRepository.ts';

// A workflow's reads of a configuration table go through the generic layer (where, first, single, lock).
let t: TestApp;
const insurances = () => t.ctx.resource('Insurance').repo;
const reasons = () => t.ctx.resource('MotivoPerso').repo;

beforeAll(async () => {
  t = await testApp();
  for (const [code, percentage, defaultInsurance] of [
    ['BASE', 8.5, false],
    ['KASKO', 12, true],
    ['FURTO', 5, undefined],
  ] as const)
    await insurances().create({ code, name: `Assicurazione ${code}`, percentage, defaultInsurance });
  for (const [description, ordinamento] of [
    ['Prezzo', 2],
    ['Senza ordine', null],
    ['Tempi', 1],
  ] as const)
    await reasons().create({ description, ordinamento });
});
afterAll(() => t.close());

describe('rows of a resource where fields equal values', () => {
  it('compares a text exactly (not as a list filter, which searches contained text)', async () => {
    expect((await insurances().first({ code: 'KASKO' }))?.name).toBe('Assicurazione KASKO');
    expect(await insurances().first({ code: 'kas' })).toBeUndefined();
    expect(await insurances().first({ code: 'kasko' })).toBeUndefined();
  });

  it('reads records as the API shows them, with their id', async () => {
    const kasko = await insurances().first({ code: 'KASKO' });
    expect(kasko).toMatchObject({ code: 'KASKO', percentage: 12, defaultInsurance: true, version: 1 });
    expect(typeof kasko?.id).toBe('number');
  });

  it('matches any of several values, and an empty field by null', async () => {
    const some = await insurances().where({ code: ['BASE', 'FURTO', 'ALTRA'] }, { orderBy: ['code'], limit: 10 });
    expect(some.map((r) => r.code)).toEqual(['BASE', 'FURTO']);
    expect((await reasons().where({ ordinamento: null }, { limit: 10 })).map((r) => r.description)).toEqual([
      'Senza ordine',
    ]);
    expect(await insurances().where({ id: [] }, { limit: 10 })).toEqual([]);
  });

  it('orders by the fields given, empty values last whatever the direction, then by id', async () => {
    const byOrder = await reasons().where({}, { orderBy: ['ordinamento'], limit: 10 });
    expect(byOrder.map((r) => r.description)).toEqual(['Tempi', 'Prezzo', 'Senza ordine']);
    const descending = await reasons().where({}, { orderBy: [{ field: 'ordinamento', descending: true }], limit: 10 });
    expect(descending.map((r) => r.description)).toEqual(['Prezzo', 'Tempi', 'Senza ordine']);
    const defaultFirst = await insurances().where(
      {},
      { orderBy: [{ field: 'defaultInsurance', descending: true }, 'percentage'], limit: 10 },
    );
    expect(defaultFirst.map((r) => r.code)).toEqual(['KASKO', 'BASE', 'FURTO']);
  });

  it('reads at most the limit, and refuses an unbounded or unknown lookup as a bug of the caller', async () => {
    expect(await insurances().where({}, { orderBy: ['code'], limit: 2 })).toHaveLength(2);
    await expect(insurances().where({}, { limit: 0 })).rejects.toThrow('a lookup reads 1 to 5000 rows');
    await expect(insurances().where({}, { limit: 5001 })).rejects.toThrow('a lookup reads 1 to 5000 rows');
    await expect(insurances().where({}, { limit: Infinity })).rejects.toThrow('a lookup reads 1 to 5000 rows');
    const unknown = { colore: 'rosso' } as Parameters<ReturnType<typeof insurances>['first']>[0];
    await expect(insurances().first(unknown)).rejects.toThrow('Insurance has no field colore');
  });

  it('a value is a parameter, never SQL', async () => {
    expect(await insurances().first({ code: "BASE' OR '1'='1" })).toBeUndefined();
    expect(await insurances().where({ code: ["x'); DROP TABLE insurance; --"] }, { limit: 1 })).toEqual([]);
    expect(await insurances().where({}, { limit: 10 })).toHaveLength(3);
  });
});

describe('the single record of a single-record resource', () => {
  it('is the general settings made at the first start', async () => {
    const settings = await t.ctx.resource('AltraConfigurazione').repo.single();
    expect(settings).toMatchObject({ maxScontoOfferta: 5, giorniValiditaOfferta: 30 });
  });
});

describe('a repository on a transaction', () => {
  it("reads the transaction's own writes, and what it wrote is gone when it rolls back", async () => {
    const failed = t.ctx.db.transaction(async (tx) => {
      const inTx = repositoryOn(tx, t.ctx.resource('Insurance'));
      await inTx.create({ code: 'RC', name: 'Responsabilità civile', percentage: 3 });
      expect((await inTx.first({ code: 'RC' }))?.name).toBe('Responsabilità civile');
      throw new Error('annullata');
    });
    await expect(failed).rejects.toThrow('annullata');
    expect(await insurances().first({ code: 'RC' })).toBeUndefined();
  });

  it('locks a row that exists until the transaction ends, and says when there is none', async () => {
    const base = await insurances().first({ code: 'BASE' });
    const locked = await t.ctx.db.transaction(async (tx) => {
      const inTx = repositoryOn(tx, t.ctx.resource('Insurance'));
      const found = [await inTx.lock(base?.id ?? 0), await inTx.lock(999_999)];
      // PGlite is one connection: nothing else runs while the transaction is open. On PostgreSQL another
      // transaction may not take the locked row meanwhile.
      if (t.ctx.db.kind === 'postgres')
        await expect(
          t.ctx.db.query('SELECT id FROM insurance WHERE id = $1 FOR UPDATE NOWAIT', [base?.id]),
        ).rejects.toThrow(/lock/);
      return found;
    });
    expect(locked).toEqual([true, false]);
  });
});
