import { workingCalendar, type WorkingCalendar } from '../../../domain/calendar/index.ts';
import type { Queryable } from '../../db/Db.ts';
import { contactCentreRepository as repo } from './repository.ts';

/**
 * The working calendar of each branch office from `since` (a Rome date) on: public holidays, the company's
 * closures and holidays, and the office's own days (its patron saint). Null is the company as a whole.
 */
export async function officeCalendars(
  db: Queryable,
  since: string,
): Promise<(branchOfficeId: number | null | undefined) => WorkingCalendar> {
  const entries = await repo.calendarEntries(db, since);
  const byOffice = new Map<number | null, WorkingCalendar>();
  return (branchOfficeId) => {
    const key = branchOfficeId ?? null;
    let calendar = byOffice.get(key);
    if (!calendar) byOffice.set(key, (calendar = workingCalendar(entries, key)));
    return calendar;
  };
}
