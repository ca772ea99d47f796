/** One page of a list: its rows and how many there are in all. */
export interface AnsweredPage<T = Record<string, unknown>> {
  data: T[];
  totalRows: number;
  totalRowsAsOf?: string;
}

/**
 * The page of a list call's answer: at the top (`{ data, totalRows }`), or one level down where SPEC.md section 7
 * nests it (`GET /api/offers` answers `data.data`, its total beside the rows). Server and browser read lists
 * through it, so a list reused elsewhere (the Excel export, a lookup) needs no knowledge of its envelope.
 */
export function pageOfAnswer<P extends { data: unknown[] }>(answer: P | { data: P }): P {
  return (Array.isArray(answer.data) ? answer : answer.data) as P;
}
