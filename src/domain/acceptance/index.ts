export {
  toggleNotch,
  fuelOf,
  notchesFor,
  emptyNotches,
  isNotch,
  fuelText,
  NOTCHES,
  MAX_FUEL,
  type Notches,
} from './fuelGauge.ts';
export {
  checkKind,
  checkOptions,
  possibleValues,
  checkValueText,
  isEmptyCheck,
  type CheckKind,
  type CheckInput,
} from './checkValues.ts';
export { newAcceptanceDraft, type AcceptanceDraft } from './acceptanceDraft.ts';
export { acceptanceFormFields, SENT_FIELDS } from './acceptancePayload.ts';
export {
  validateAcceptanceStep,
  validateAcceptance,
  REQUIRED_MESSAGES,
  type AcceptanceError,
  type AcceptanceExtras,
  type PreviousReading,
  type WizardStep,
} from './validateAcceptance.ts';
export {
  normalisePoint,
  marksToShow,
  marksPayload,
  readDamageMarks,
  isOutline,
  MAX_MARKS,
  type DraftMark,
  type EarlierMark,
  type ShownMark,
  type MarkError,
  type DannoSegnato,
  type SagomaMezzo,
  type VistaSagoma,
  type TipoDanno,
  type GravitaDanno,
} from './damageMarks.ts';
export {
  outlineView,
  outlineSvg,
  outlineShapes,
  markShape,
  VIEWS,
  MARK_COLOURS,
  type OutlineView,
} from './outlines.ts';
export { placeMarks, MARK_RADIUS, RING_RADIUS, type PlacedMark } from './markPlacement.ts';
