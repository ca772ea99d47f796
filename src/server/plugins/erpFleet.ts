import type { ErpMachine } from '../../domain/inventory/closingLists.ts';
import { normaliseCode } from '../../domain/inventory/counting.ts';
import type { Queryable } from '../db/Db.ts';
import type { ErpMovesRepository, MachineMove } from './erp-moves/erpMovesRepository.ts';
import type { SagomaMezzo } from '../../../generated/entities.ts';

/** What the vehicle inventory reads from the ERP: a branch's fleet, and machines by code (issue 18). */
export interface ErpFleet {
  /** Every machine registered to the branch with this ERP code, with the rental contract it is out on. */
  machinesOfBranch(branchCode: string): Promise<ErpMachine[]>;
  /** The machines the ERP knows among these codes, whatever their branch. */
  machinesByCode(codes: readonly string[]): Promise<ErpMachine[]>;
  /**
   * Registers a machine to another branch (an inventory found it there) and answers the ERP's reference of the
   * move. `tx` is the transaction of the inventory's change: a connector that keeps its records in this database
   * (the demo) writes in it; one of another system throws to roll that change back.
   */
  moveMachine(tx: Queryable, move: MachineMove): Promise<{ reference: string }>;
  /** The machine with this serial number (case ignored), its family, model and last readings; null when unknown. */
  machineBySerial(serial: string): Promise<ErpFleetMachine | null>;
}

/** A machine of the fleet as the acceptance reads it (issue 32, point 2). */
export interface ErpFleetMachine {
  matricola: string;
  /** The ERP's family code (PLT, ESC…). */
  famiglia: string;
  modello: string;
  /** The outline its damage is marked on; null when the family has none. */
  sagoma: SagomaMezzo | null;
  km: number | null;
  ore: number | null;
}

export type { MachineMove };

/** Moves kept in memory: a demo fleet built without a database (a test's own connector). */
function movesInMemory(): Pick<ErpMovesRepository, 'lastBranches' | 'movedAround'> & {
  record(tx: Queryable, move: MachineMove): Promise<string>;
} {
  const moves: MachineMove[] = [];
  const last = (filter: (m: MachineMove) => boolean) => {
    const out = new Map<string, string>();
    for (const m of moves) if (filter(m)) out.set(m.code, m.toBranch);
    return out;
  };
  return {
    record: async (_tx, move) => `SP-${String(moves.push(move)).padStart(6, '0')}`,
    lastBranches: async (codes) => last((m) => codes.includes(m.code)),
    async movedAround(branch) {
      const codes = new Set(moves.filter((m) => m.toBranch === branch || m.fromBranch === branch).map((m) => m.code));
      return last((m) => codes.has(m.code));
    },
  };
}

const FAMILIES = [
  ['PLT', 'Piattaforma articolata 16 m'],
  ['PLF', 'Piattaforma a forbice 12 m'],
  ['ESC', 'Miniescavatore 3,5 t'],
  ['GEN', 'Generatore 60 kVA'],
  ['SOL', 'Sollevatore telescopico 14 m'],
  ['CMP', 'Compattatore a piastra'],
] as const;
/** The outline each demo family's damage is marked on (a generator has none of the three). */
const OUTLINE: Record<string, SagomaMezzo | null> = {
  PLT: 'piattaforma',
  PLF: 'piattaforma',
  SOL: 'piattaforma',
  ESC: 'movimento_terra',
  CMP: 'movimento_terra',
  GEN: null,
};
const CUSTOMERS = ['Edilizia Brambilla S.r.l.', 'Costruzioni Riva S.p.A.', 'Impresa Colombo & Figli', 'Cantieri Lario'];
/** Demo branch codes are two letters and two digits (MI01); each has 200 to 320 machines. */
const DEMO_BRANCH = /^[A-Z]{2}\d{2}$/;

function fleetSize(branchCode: string): number {
  let h = 0;
  for (const ch of branchCode) h = (h * 31 + ch.charCodeAt(0)) % 121;
  return 200 + h;
}

function demoMachine(branchCode: string, n: number): ErpMachine {
  const [family, description] = FAMILIES[n % FAMILIES.length] as (typeof FAMILIES)[number];
  // About one machine in seven is out on rent.
  const onRent = n % 7 === 3;
  return {
    code: `${branchCode}-${family}-${String(n).padStart(3, '0')}`,
    branchCode,
    description,
    rental: onRent
      ? { contractNumber: `C-2025-${branchCode}${String(n).padStart(3, '0')}`, customer: CUSTOMERS[n % 4] as string }
      : null,
  };
}

/** The demo machine of this code as first registered (its code names its branch), if there is one. */
function demoMachineOf(code: string): ErpMachine | undefined {
  const m = /^([A-Z]{2}\d{2})-([A-Z]{3})-(\d{3})$/.exec(code);
  const n = Number(m?.[3]);
  if (!m || n < 1 || n > fleetSize(m[1] as string)) return undefined;
  const machine = demoMachine(m[1] as string, n);
  return machine.code === code ? machine : undefined;
}

/**
 * The demo ERP's fleet: every branch code of the demo form gets the same machines on every start
 * (`MI01-PLF-001`, `MI01-ESC-002`…), some out on rent, so a count can be tried and closed without the real ERP. A machine moved
 * to another branch is registered there from then on (the moves are kept in this database, migration 0007).
 */
export function demoFleet(moves: ErpMovesRepository | null = null): ErpFleet {
  const ledger = moves ?? movesInMemory();
  const ofBranch = (branchCode: string) =>
    DEMO_BRANCH.test(branchCode)
      ? Array.from({ length: fleetSize(branchCode) }, (_, i) => demoMachine(branchCode, i + 1))
      : [];
  async function machinesByCode(codes: readonly string[]) {
    const found = [...new Set(codes.map(normaliseCode))].flatMap((code) => demoMachineOf(code) ?? []);
    const moved = await ledger.lastBranches(found.map((m) => m.code));
    return found.map((m) => ({ ...m, branchCode: moved.get(m.code) ?? m.branchCode }));
  }
  return {
    async machinesOfBranch(branchCode) {
      const moved = await ledger.movedAround(branchCode);
      const home = ofBranch(branchCode).filter((m) => (moved.get(m.code) ?? branchCode) === branchCode);
      const homeCodes = new Set(home.map((m) => m.code));
      const arrived = [...moved]
        .filter(([code, branch]) => branch === branchCode && !homeCodes.has(code))
        .flatMap(([code]) => {
          const machine = demoMachineOf(code);
          return machine ? [{ ...machine, branchCode }] : [];
        });
      return [...home, ...arrived];
    },
    machinesByCode,
    async moveMachine(tx, move) {
      return { reference: await ledger.record(tx, move) };
    },
    // The demo's serial numbers are its machine codes; its hour meters read a few hundred to a few thousand hours.
    async machineBySerial(serial) {
      const [machine] = await machinesByCode([serial]);
      if (!machine) return null;
      const famiglia = machine.code.split('-')[1] ?? '';
      const n = Number(machine.code.slice(-3));
      return {
        matricola: machine.code,
        famiglia,
        modello: machine.description ?? '',
        sagoma: OUTLINE[famiglia] ?? null,
        km: null,
        ore: 150 + ((n * 137) % 2800),
      };
    },
  };
}
