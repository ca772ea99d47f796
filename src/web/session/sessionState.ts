/** SPEC.md section 4: unauthenticated → authenticating → authenticated, or not authenticated. */
export type SessionState = 'unauthenticated' | 'authenticating' | 'authenticated' | 'notAuthenticated';

let state: SessionState = 'unauthenticated';
export const sessionState = {
  get: () => state,
  set(next: SessionState) {
    state = next;
  },
};
