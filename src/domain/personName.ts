/**
 * A person as people read them, everywhere (lists, pickers, PDFs, notes): "Mario Rossi". The username only
 * when the account has no name, and on the screens where an admin manages accounts.
 */
export const personName = (p: { name?: string | null; surname?: string | null; username?: string | null }): string =>
  [p.name, p.surname]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ') ||
  p.username ||
  '';

/** A person's initials, where the full name has no room (a phone's top bar): "Mario Rossi" → "MR". */
export const personInitials = (p: {
  name?: string | null;
  surname?: string | null;
  username?: string | null;
}): string => {
  const first = (s: string | null | undefined) => s?.trim().charAt(0) ?? '';
  const initials = first(p.name) + first(p.surname);
  return (initials || first(personName(p))).toLocaleUpperCase('it-IT');
};
