/** The one language of the app (SPEC.md section 2: a path's "lang" becomes it). */
export const LANGUAGE = 'it';

/** SPEC.md section 9: the locale cookie lives 365 days. */
export const LOCALE_COOKIE_DAYS = 365;

/** The `document.cookie` assignment that records the language, Secure when the page is. */
export function localeCookie(secure: boolean): string {
  return `locale=${LANGUAGE}; Max-Age=${LOCALE_COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
