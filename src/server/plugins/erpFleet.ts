import type { ErpMachine } from '../../domain/inventory/closingLists.ts';
import { normaliseCode } from '../../domain/inventory/counting.ts';
import type { SagomaMezzo } from '../../../generated/entities.ts';

/** What the vehicle inventory reads from the ERP: a branch's fleet, and machines by code (issue 18). */
export interface ErpFleet {
  /** Every machine registered to the branch with this ERP code, with the rental contract it is out on. */
  machinesOfBranch(branchCode: string): Promise<ErpMachine[]>;
  /** The machines the ERP knows among these codes, whatever their branch. */
  machinesByCode(codes: readonly string[]): Promise<ErpMachine[]>;
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

/**
 * The demo ERP's fleet: every branch code of the demo form gets the same machines on every start
 * (`MI01-PLF-001`, `MI01-ESC-002`…), some out on rent, so a count can be tried and closed without the real ERP.
 */
export function demoFleet(): ErpFleet {
  const ofBranch = (branchCode: string) =>
    DEMO_BRANCH.test(branchCode)
      ? Array.from({ length: fleetSize(branchCode) }, (_, i) => demoMachine(branchCode, i + 1))
      : [];
  async function machinesByCode(codes: readonly string[]) {
    const out: ErpMachine[] = [];
    for (const raw of new Set(codes.map(normaliseCode))) {
      const m = /^([A-Z]{2}\d{2})-([A-Z]{3})-(\d{3})$/.exec(raw);
      const n = Number(m?.[3]);
      if (!m || n < 1 || n > fleetSize(m[1] as string)) continue;
      const machine = demoMachine(m[1] as string, n);
      if (machine.code === raw) out.push(machine);
    }
    return out;
  }
  return {
    machinesOfBranch: async (branchCode) => ofBranch(branchCode),
    machinesByCode,
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
