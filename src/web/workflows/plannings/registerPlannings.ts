import { registerResourceExtension } from '../../resources/resourceExtensions.ts';
import { endAfterStart } from './endAfterStart.ts';

/** The activity form, in the calendar and in the list, checks its times. */
export function registerPlannings(): void {
  registerResourceExtension('planning', { formChecks: [endAfterStart] });
}
