import type { CalendarNegotiation } from '../../../domain/calendar/index.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { mergeById } from './negotiationRules.ts';

/** The three dates a negotiation shows on the calendar. */
export const CALENDAR_DATES = ['dataInserimento', 'richiamareInData', 'ripianificaVisita'] as const;

/**
 * The negotiations with any of their calendar dates in the days on screen: one bounded list per date
 * (page and size 0: the server refuses more than its ceiling), each negotiation once.
 */
export async function negotiationsInRange(range: { from: string; to: string }): Promise<CalendarNegotiation[]> {
  const lists = await Promise.all(
    CALENDAR_DATES.map(
      async (field) =>
        (
          await unwrap(
            api.GET('/api/trattative_cp', {
              params: {
                query: {
                  filters: { [`${field}From`]: range.from, [`${field}To`]: range.to },
                  page: 0,
                  rowsPerPage: 0,
                },
              },
            }),
          )
        ).data as CalendarNegotiation[],
    ),
  );
  return mergeById(lists);
}
