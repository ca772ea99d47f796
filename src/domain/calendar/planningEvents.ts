/**
 * What an activity's box on the calendar says: its subject (or the word for an activity without one) and the
 * customer it is for, so that a week of visits reads whom each is with without opening them.
 */
export const planningEventTitle = (subject: unknown, customer: string | undefined, untitled: string): string =>
  [typeof subject === 'string' && subject.trim() !== '' ? subject : untitled, customer].filter(Boolean).join(' – ');
