/** The narrow database interface every repository uses; PGlite and PostgreSQL both implement it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A transaction's connection; `exec` also runs a script of several statements (a migration file). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction: committed when it resolves, rolled back when it throws. `settings`: values of
   * transaction-local settings (`set_config(name, value, true)`) set with the BEGIN, in its round trip.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: { settings?: Record<string, string> }): Promise<T>;
  /**
   * Calls onNotify with the payload of every NOTIFY on channel, from any process on this database; a
   * NOTIFY sent in a transaction arrives only once it commits. `undefined` means notifications may have
   * been lost (the connection dropped and is back). Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
