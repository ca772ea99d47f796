/**
 * The words only `npm run dev:mock` shows (its choice of user on the login page). Apart from `messages` so that
 * a build for the server, which never shows them, does not carry them.
 */
export const mockMessages = {
  title: 'Utente del mock',
  role: 'Ruolo (solo sul mock)',
};
