import { registerResourceExtension } from '../../resources/resourceExtensions.ts';
import { impersonateUser } from './impersonateUser.ts';
import { unblockUserLogin } from './unblockUserLogin.ts';

/** The users' list offers "Impersona" and "Sblocca accesso" on each row. */
export function registerUsers(): void {
  registerResourceExtension('user', { rowActions: { impersonateUser, unblockUserLogin } });
}
