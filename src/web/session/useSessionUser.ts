import { useSyncExternalStore } from 'react';
import { tokenStore, type SessionUser } from './tokenStore.ts';
import { personName } from '../../domain/personName.ts';

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.user);
}

/** How the signed-in user is named on screen and on paper: name and surname, else the username. */
export const sessionUserName = (user: SessionUser | null): string => personName(user ?? {});
