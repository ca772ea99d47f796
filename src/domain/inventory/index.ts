export { registerCount, distinctCounts, normaliseCode, type CountEntry, type CountOutcome } from './counting.ts';
export { progress, progressFromCounters, isVerified, type Progress } from './progress.ts';
export { blindView, canSeeExpected, SEES_EXPECTED } from './blindView.ts';
export { closingLists, type ClosingLists, type ErpMachine } from './closingLists.ts';
