export {
  classifyNumber,
  isMissedInbound,
  wasAnswered,
  parsePbxTime,
  EXTENSION_MAX_DIGITS,
  DISPOSITIONS,
  type CallRecord,
  type CallRecordError,
  type Direction,
  type Disposition,
  type NormalizedCall,
  type PbxSource,
} from './callRecord.ts';
export {
  normalizeAsteriskCdr,
  normalizeTwilioCall,
  normalizeThreeCxCdr,
  NAIVE_TIME_ZONE,
  type AsteriskCdr,
  type TwilioCall,
  type ThreeCxCdr,
} from './normalizeCallRecord.ts';
export { toReportCall, toMissedCall, callStatus, romeDateTime } from './callRecordViews.ts';
export { callbackCases, type CallbackCase, type CaseClosure } from './callbackCases.ts';
export {
  businessMinutesBetween,
  caseWait,
  formatWait,
  isOpenAt,
  DEFAULT_OPENING_HOURS,
  type Holidays,
  type WeeklyHours,
} from './businessHours.ts';
export { officeHours, officeLines, nextCallbackSlot, type OfficeSettings } from './branchOffice.ts';
export { callbackTexts, type CallbackFacts } from './callbackTexts.ts';
export { holdsRecall, RECALL_HOLD_MS, type RecallHold } from './recallHold.ts';
