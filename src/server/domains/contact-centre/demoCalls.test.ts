import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { demoWeekOfCalls } from './demoCalls.ts';
import { ingestCalls } from './ingest.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  for (const [nome, phoneNumbers] of [
    ['Milano', '02 1234 5678'],
    ['Bergamo', '035 412 000'],
    ['Brescia', '030 240 000'],
  ])
    await t.ctx.resource('BranchOffice').repo.create({ nome, phoneNumbers });
});
afterAll(() => t.close());

describe('the demo week of calls', () => {
  it('is the same week at every start, ends with two customers still waiting, and ingests idempotently', async () => {
    const now = new Date('2026-11-25T15:00:00Z');
    const week = demoWeekOfCalls(now);
    expect(demoWeekOfCalls(now)).toEqual(week);
    expect(week.length).toBeGreaterThan(80);
    expect(week.every((c) => Date.parse(c.startedAt) < now.getTime())).toBe(true);
    const first = await ingestCalls(t.ctx, week);
    expect(first.created).toBe(week.length);
    expect((await ingestCalls(t.ctx, week)).created).toBe(0);
    const { rows } = await t.ctx.db.query<{ senderPhone: string; recalled: string; branchOffice: string }>(
      `SELECT "senderPhone", recalled, "branchOffice" FROM "missedCall" ORDER BY "receivedAt" DESC`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.slice(0, 2)).toEqual([
      { senderPhone: '+390245678901', recalled: 'N', branchOffice: 'Milano' },
      expect.objectContaining({ senderPhone: '+39035223344', recalled: 'N' }),
    ]);
    expect(rows.filter((r) => r.recalled === 'Y').length).toBeGreaterThan(rows.length / 2);
  });
});
