/** SPEC.md section 4: unauthenticated → authenticating → authenticated, or not authenticated. */
export type SessionState = 'unauthenticated' | 'authenticating' | 'authenticated' | 'notAuthenticated';

let state: SessionState = 'unauthenticated';
let chosen = false;
export const sessionState = {
  get: () => state,
  set(next: SessionState) {
    state = next;
  },
  /** The user pressed "Esci": the login page should not offer to go back where they were. */
  markLoggedOut() {
    chosen = true;
  },
  takeLoggedOut(): boolean {
    const was = chosen;
    chosen = false;
    return was;
  },
};
