import type { AppContext } from '../../context.ts';
import type { Db, Transaction } from '../../db/Db.ts';
import { crudRepository } from '../crudRepository.ts';
import type { Resource } from '../resource.ts';

/** A context whose database is one batch's transaction, and what to do once that transaction has committed. */
export interface BatchContext {
  within: AppContext;
  /** Runs what the batch's handlers left for after the commit (notices, sessions that end); never after a rollback. */
  afterCommit(): Promise<void>;
}

/**
 * The app's context for the handlers of one import batch: every read and write of theirs goes through the
 * batch's transaction (`db`, every resource's repository; a nested transaction is a savepoint), so the batch
 * is stored whole or not at all, and on PGlite, one connection, nothing waits for the transaction it is in.
 * What leaves the database (the hub's notices, a user's sessions ending) waits for the commit: a batch rolled
 * back, or a preview, tells nobody anything.
 */
export function batchContext(ctx: AppContext, tx: Transaction): BatchContext {
  const effects: (() => Promise<void>)[] = [];
  const later =
    <A extends unknown[]>(run: (...args: A) => Promise<void>) =>
    (...args: A): Promise<void> => {
      effects.push(() => run(...args));
      return Promise.resolve();
    };
  const db: Db = {
    kind: ctx.db.kind,
    query: (sql, params) => tx.query(sql, params),
    async transaction(fn, options) {
      await tx.query('SAVEPOINT nested');
      for (const [name, value] of Object.entries(options?.settings ?? {}))
        await tx.query(`SELECT set_config($1, $2, true)`, [name, value]);
      try {
        const result = await fn(tx);
        await tx.query('RELEASE SAVEPOINT nested');
        return result;
      } catch (err) {
        await tx.query('ROLLBACK TO SAVEPOINT nested');
        throw err;
      }
    },
    listen: (channel, onNotify) => ctx.db.listen(channel, onNotify),
    close: () => Promise.reject(new Error('an import batch does not close the database')),
  };
  const resources = new Map<string, Resource>(
    [...ctx.resources].map(([typeName, r]) => [
      typeName,
      {
        ...r,
        repo: crudRepository(db, r.model, {
          pageSize: r.definition.pageSize || 30,
          unpagedCeiling: ctx.config.unpagedCeiling,
        }),
      },
    ]),
  );
  const resourceNamed = (name: string) => resources.get(name.charAt(0).toUpperCase() + name.slice(1));
  const within: AppContext = {
    ...ctx,
    db,
    resources,
    resourceNamed,
    resource: ((typeName: string) => {
      const r = resources.get(typeName);
      if (!r) throw new Error(`no stored resource ${typeName}`);
      return r;
    }) as AppContext['resource'],
    hub: {
      ...ctx.hub,
      publish: later((topic, event) => ctx.hub.publish(topic, event)),
      userChanged: later((userId) => ctx.hub.userChanged(userId)),
      forceLogout: later((userId) => ctx.hub.forceLogout(userId)),
      endSessions: later((userId, which) => ctx.hub.endSessions(userId, which)),
    },
    refreshTokens: {
      ...ctx.refreshTokens,
      revokeUser: async (userId) => {
        effects.push(() => ctx.refreshTokens.revokeUser(userId).then(() => undefined));
        return { rows: [] };
      },
    },
  };
  return {
    within,
    async afterCommit() {
      for (const effect of effects.splice(0)) await effect();
    },
  };
}
