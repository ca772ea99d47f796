import type { Queryable } from '../../db/Db.ts';

const MOVES = '"erpSpostamentoMezzo"';

/** A machine's registration moved from one ERP branch to another. */
export interface MachineMove {
  code: string;
  fromBranch: string;
  toBranch: string;
  /** Who moved it, by name. */
  movedBy: string;
}

/**
 * The demo ERP's ledger of moves between branches (migration 0007): the branch a machine is registered to is the
 * destination of its last move, else the branch its code names.
 */
export function erpMovesRepository(db: Queryable) {
  return {
    /** Records a move in the caller's transaction; answers the ERP's reference for it. */
    async record(tx: Queryable, move: MachineMove): Promise<string> {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO ${MOVES} (code, "fromBranch", "toBranch", "movedBy") VALUES ($1, $2, $3, $4) RETURNING id::text`,
        [move.code, move.fromBranch, move.toBranch, move.movedBy],
      );
      return `SP-${(rows[0] as { id: string }).id.padStart(6, '0')}`;
    },

    /** The branch of each of these codes' last move (codes never moved are absent). */
    async lastBranches(codes: readonly string[]): Promise<Map<string, string>> {
      if (codes.length === 0) return new Map();
      const { rows } = await db.query<{ code: string; toBranch: string }>(
        `SELECT DISTINCT ON (code) code, "toBranch" FROM ${MOVES} WHERE code = ANY($1::text[]) ORDER BY code, id DESC`,
        [codes],
      );
      return new Map(rows.map((r) => [r.code, r.toBranch]));
    },

    /** The codes ever moved to or from a branch, each with the branch of its last move. */
    async movedAround(branchCode: string): Promise<Map<string, string>> {
      const { rows } = await db.query<{ code: string; toBranch: string }>(
        `SELECT DISTINCT ON (code) code, "toBranch" FROM ${MOVES}
          WHERE code IN (SELECT code FROM ${MOVES} WHERE "toBranch" = $1 OR "fromBranch" = $1)
          ORDER BY code, id DESC`,
        [branchCode],
      );
      return new Map(rows.map((r) => [r.code, r.toBranch]));
    },
  };
}

export type ErpMovesRepository = ReturnType<typeof erpMovesRepository>;
