import { registerResourceExtension } from '../../resources/resourceExtensions.ts';
import { useStatusColors } from './useStatusColors.ts';

/** The negotiation list shows each row in the colours of its status. */
export function registerNegotiations(): void {
  registerResourceExtension('trattativaCp', { useRowColors: useStatusColors });
}
