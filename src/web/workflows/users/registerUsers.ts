import { registerResourceExtension } from '../../resources/resourceExtensions.ts';
import { impersonateUser } from './impersonateUser.ts';

/** The users' list offers "Impersona" on each row. */
export function registerUsers(): void {
  registerResourceExtension('user', { rowActions: { impersonateUser } });
}
