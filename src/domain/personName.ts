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
