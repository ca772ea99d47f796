import { useSyncExternalStore } from 'react';
import { tokenStore, type SessionUser } from './tokenStore.ts';

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.user);
}
