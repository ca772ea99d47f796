import type { Db } from '../../src/server/db/Db.ts';

export const DAYS = 365;

/** The call log filled with `rows` calls spread over DAYS days of 2025, then analysed (PGlite has no autovacuum). */
export async function seedCallLog(db: Db, rows: number) {
  await db.query(`DELETE FROM "reportCall"`);
  await db.query(
    `INSERT INTO "reportCall" ("callDate", "callDateTime", caller, "callerNumber", destination, "destinationNumber", status, "ringDuration", "talkDuration", "totalDuration", reason)
    SELECT d::date, d + (i % 600) * interval '1 minute', (ARRAY['Edilizia Brambilla','Impresa Rota','Allestimenti Garda','Termoidraulica Sala','Costruzioni Ferrari'])[1 + i % 5],
      '02' || lpad((i * 7919 % 100000000)::text, 8, '0'), (ARRAY['Centralino Milano','Centralino Bergamo','Centralino Brescia'])[1 + i % 3], '0212345678',
      (ARRAY['Risposta','Persa','Occupato'])[1 + i % 3], i % 30, i % 600, i % 630, 'Richiesta preventivo'
    FROM generate_series(1, $1::int) AS i, LATERAL (SELECT timestamptz '2025-01-01 08:00+01' + ((i % ${DAYS}) * interval '1 day') AS d) AS day`,
    [rows],
  );
  await db.query('VACUUM ANALYZE "reportCall"');
}
