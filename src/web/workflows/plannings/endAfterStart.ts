import { END_BEFORE_START, endsAfterStart, isTimeHhmm } from '../../../domain/timeHhmm.ts';
import type { FormCheck } from '../../resources/crossFieldChecks.ts';

/** An activity ends after it starts (SPEC.md section 5), as the server checks too. */
export const endAfterStart: FormCheck = (data, fields) => {
  const [start, end] = [data.startTime, data.endTime];
  const wrong =
    fields.includes('startTime') &&
    fields.includes('endTime') &&
    typeof start === 'string' &&
    typeof end === 'string' &&
    isTimeHhmm(start) &&
    isTimeHhmm(end) &&
    !endsAfterStart(start, end);
  return wrong ? [{ fields: ['endTime'], message: END_BEFORE_START }] : [];
};
