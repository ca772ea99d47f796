export { ROME, romeToday, romeDateOf, startOfRomeDay, endOfRomeDay, addDays, toInstant } from './rome.ts';
export {
  offerValidUntil,
  isOfferExpired,
  offerReminders,
  reminderDue,
  REMINDER_DAYS_BEFORE,
  REMINDER_HOUR,
  type OfferReminder,
} from './offerValidity.ts';
export {
  negotiationEvents,
  defaultPlanningEnd,
  EVENT_COLOURS,
  FIRST_SLOT_HOUR,
  LAST_SLOT_END_HOUR,
  EVENT_HOURS,
  type CalendarNegotiation,
  type NegotiationEvent,
  type NegotiationEventKind,
} from './negotiationEvents.ts';
export { planningEventTitle } from './planningEvents.ts';
export {
  easterSunday,
  italianPublicHolidays,
  entryDays,
  entryProblem,
  WORKING_CALENDAR_MESSAGES,
  workingCalendar,
  MAX_ENTRY_DAYS,
  type ClosedDays,
  type Closure,
  type WorkingCalendar,
  type WorkingCalendarEntry,
  type WorkingCalendarType,
} from './workingDays.ts';
