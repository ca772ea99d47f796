import type { WorkingCalendarEntry } from '../../../domain/calendar/index.ts';
import { wasAnswered, type CallRecord } from '../../../domain/contact-centre/index.ts';
import type { Queryable } from '../../db/Db.ts';
import { customersWithPhones } from '../customers/index.ts';
import { negotiationsWithPhones } from '../negotiations/index.ts';

/** Ingestions run one at a time: the cases of one caller are recomputed from all their legs. */
const INGEST_LOCK = 190019;

interface LegRow {
  callId: string;
  linkedId: string;
  source: CallRecord['source'];
  fromNumber: string | null;
  toNumber: string;
  direction: CallRecord['direction'];
  startedAt: Date | string;
  answeredAt: Date | string | null;
  endedAt: Date | string;
  durationSeconds: number;
  billSeconds: number;
  disposition: CallRecord['disposition'];
  queue: CallRecord['queue'] | string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toRecord(r: LegRow): CallRecord {
  return {
    source: r.source,
    callId: r.callId,
    linkedId: r.linkedId,
    from: r.fromNumber,
    to: r.toNumber,
    direction: r.direction,
    startedAt: iso(r.startedAt),
    answeredAt: r.answeredAt ? iso(r.answeredAt) : null,
    endedAt: iso(r.endedAt),
    durationSeconds: r.durationSeconds,
    billSeconds: r.billSeconds,
    disposition: r.disposition,
    queue: typeof r.queue === 'string' ? (JSON.parse(r.queue) as CallRecord['queue']) : r.queue,
  };
}

export interface Office {
  id: number;
  nome: string;
  phoneNumbers: string | null;
  openFrom: string | null;
  lunchFrom: string | null;
  lunchTo: string | null;
  openTo: string | null;
  saturdayMorning: string | null;
  thresholdMinutes: number | null;
}

export interface CallerMatch {
  callerName: string;
  customerId: number | null;
  trattativaCpId: number | null;
}

/** The digit strings an E.164 number may have been typed as: national (0245…), with the country code, with 00. */
function typedForms(e164: string): string[] {
  const digits = e164.slice(1);
  const national = digits.startsWith('39') ? digits.slice(2) : null;
  return [digits, `00${digits}`, ...(national ? [national] : [])];
}

export const contactCentreRepository = {
  /** Names the activity that is this call's call-back. */
  async setCallback(tx: Queryable, id: number, planningId: unknown): Promise<void> {
    await tx.query(`UPDATE "missedCall" SET "callbackPlanningId" = $2 WHERE id = $1`, [id, planningId]);
  },

  /** Whether this user is already assigned to this branch office. */
  async isAssigned(db: Queryable, branchOfficeId: unknown, appUserId: unknown): Promise<boolean> {
    const { rows } = await db.query(
      `SELECT 1 FROM "branchOfficeUser" WHERE "branchOfficeId" = $1 AND "appUserId" = $2 LIMIT 1`,
      [branchOfficeId, appUserId],
    );
    return rows.length > 0;
  },

  async lockIngestion(tx: Queryable) {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [INGEST_LOCK]);
  },

  /** Stores the legs not seen before; answers the call ids that were new. */
  async insertLegs(tx: Queryable, records: CallRecord[]): Promise<Set<string>> {
    const created = new Set<string>();
    for (const r of records) {
      const { rows } = await tx.query<{ callId: string }>(
        `INSERT INTO "pbxCall" ("callId", "linkedId", source, "fromNumber", "toNumber", direction, "startedAt", "answeredAt", "endedAt", "durationSeconds", "billSeconds", disposition, queue)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT ("callId") DO NOTHING RETURNING "callId"`,
        [
          r.callId,
          r.linkedId,
          r.source,
          r.from,
          r.to,
          r.direction,
          r.startedAt,
          r.answeredAt,
          r.endedAt,
          r.durationSeconds,
          r.billSeconds,
          r.disposition,
          r.queue ? JSON.stringify(r.queue) : null,
        ],
      );
      if (rows[0]) created.add(rows[0].callId);
    }
    return created;
  },

  /** Every leg to or from these numbers since `since`, oldest first (bounded: a case looks back days, not years). */
  async legsOf(tx: Queryable, numbers: string[], since: string): Promise<CallRecord[]> {
    const { rows } = await tx.query<LegRow>(
      `SELECT * FROM "pbxCall" WHERE ("fromNumber" = ANY($1) OR "toNumber" = ANY($1)) AND "startedAt" >= $2 ORDER BY "startedAt", "callId" LIMIT 20000`,
      [numbers, since],
    );
    return rows.map(toRecord);
  },

  /** The legs that started in [from, to), for the daily totals. */
  async legsBetween(db: Queryable, from: string, to: string): Promise<CallRecord[]> {
    const { rows } = await db.query<LegRow>(
      `SELECT * FROM "pbxCall" WHERE "startedAt" >= $1 AND "startedAt" < $2 ORDER BY "startedAt", "callId" LIMIT 50000`,
      [from, to],
    );
    return rows.map(toRecord);
  },

  /** The first missed call of the open cases of these callers: where recomputing must start. */
  async earliestOpenCase(tx: Queryable, callers: string[]): Promise<string | null> {
    const { rows } = await tx.query<{ at: Date | string | null }>(
      `SELECT min("receivedAt") AS at FROM "missedCall" WHERE "senderPhone" = ANY($1) AND "closedAt" IS NULL`,
      [callers],
    );
    return rows[0]?.at ? iso(rows[0].at) : null;
  },

  async missedCallIdByCase(tx: Queryable, caseKey: string): Promise<number | null> {
    const { rows } = await tx.query<{ id: number }>(`SELECT id FROM "missedCall" WHERE "caseKey" = $1`, [caseKey]);
    return rows[0]?.id ?? null;
  },

  /** The working calendar's closures that end on or after `since` (a Rome date): what a wait since then can meet. */
  async calendarEntries(db: Queryable, since: string): Promise<WorkingCalendarEntry[]> {
    const { rows } = await db.query<WorkingCalendarEntry>(
      `SELECT "dateFrom", "dateTo", type, description, "branchOfficeId" FROM "workingCalendar"
       WHERE coalesce("dateTo", "dateFrom") >= $1::date ORDER BY "dateFrom", id LIMIT 5000`,
      [since],
    );
    return rows;
  },

  async offices(db: Queryable): Promise<Office[]> {
    const { rows } = await db.query<Office>(
      `SELECT id, nome, "phoneNumbers", "openFrom", "lunchFrom", "lunchTo", "openTo", "saturdayMorning", "thresholdMinutes" FROM "branchOffice" ORDER BY id LIMIT 1000`,
    );
    return rows;
  },

  /**
   * Who these numbers belong to: a customer first, else a negotiation. Phones are stored as typed, so the
   * comparison is on digits (one scan for the whole batch), then confirmed by the caller on E.164.
   */
  async matchCallers(
    db: Queryable,
    e164s: string[],
    sameNumber: (typed: string, e164: string) => boolean,
  ): Promise<Map<string, CallerMatch>> {
    const out = new Map<string, CallerMatch>();
    if (e164s.length === 0) return out;
    const forms = e164s.flatMap(typedForms);
    const customers = await customersWithPhones(db, forms);
    const negotiations = await negotiationsWithPhones(db, forms);
    for (const e164 of e164s) {
      const customer = customers.find((c) => sameNumber(c.phone, e164));
      const negotiation = negotiations.find((n) => sameNumber(n.phone, e164));
      if (customer) out.set(e164, { callerName: customer.name, customerId: customer.id, trattativaCpId: null });
      else if (negotiation)
        out.set(e164, { callerName: negotiation.name ?? '', customerId: null, trattativaCpId: negotiation.id });
    }
    return out;
  },
};

/** The last calls to or from a number (E.164), newest first: what the search box shows of a caller. */
export async function lastCallsOf(
  db: Queryable,
  e164: string,
  limit: number,
): Promise<{ startedAt: string; direction: string; answered: boolean; durationSeconds: number | null }[]> {
  const { rows } = await db.query<LegRow>(
    `SELECT * FROM (
       (SELECT * FROM "pbxCall" WHERE "fromNumber" = $1 ORDER BY "startedAt" DESC LIMIT $2)
       UNION ALL (SELECT * FROM "pbxCall" WHERE "toNumber" = $1 ORDER BY "startedAt" DESC LIMIT $2)) c
     ORDER BY "startedAt" DESC, "callId" LIMIT $2`,
    [e164, limit],
  );
  return rows.map(toRecord).map((r) => ({
    startedAt: r.startedAt,
    direction: r.direction,
    answered: wasAnswered(r),
    durationSeconds: r.durationSeconds,
  }));
}
