/** Where a list's print view lives: the list's own path under it. */
export const PRINT_PREFIX = '/stampa';
