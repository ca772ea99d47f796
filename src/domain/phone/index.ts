export { toE164, phoneKey, formatPhoneDisplay, DEFAULT_REGION } from './phoneNumber.ts';
