import { distinctCounts, normaliseCode, type CountEntry } from './counting.ts';

/** A machine as the ERP knows it at closing time. */
export interface ErpMachine {
  /** `resourceMago`. */
  code: string;
  /** The ERP code of the branch it is registered to (`FilialeInventario.codiceMago`). */
  branchCode: string;
  description?: string;
  /** The rental contract it is out on, when it is. */
  rental?: { contractNumber: string; customer: string } | null;
}

export interface ClosingLists {
  /** Counted here and registered here (`returnedFromRent` when the ERP still has it on a contract). */
  found: { machine: ErpMachine; count: CountEntry; returnedFromRent: boolean }[];
  /** Registered here, on no contract, and nobody counted it. */
  missing: ErpMachine[];
  /** Registered here, not on the yard because it is out on rent: matched to its contract, not missing. */
  onRent: ErpMachine[];
  /** Counted here but registered to another branch: to move with one tap. */
  otherBranch: { machine: ErpMachine; count: CountEntry }[];
  /** Counted codes the ERP does not know. */
  unknown: CountEntry[];
}

/**
 * The lists shown when a count is closed (issue 18), reconciled with the ERP at closing so machines that went
 * out on rent or came back during the count land in the right list. Counts are presence sightings (scans, or
 * taps on a status that means "here"); a machine counted several times counts once.
 */
export function closingLists(
  branchCode: string,
  registry: readonly ErpMachine[],
  counts: readonly CountEntry[],
): ClosingLists {
  const byCode = new Map(registry.map((m) => [normaliseCode(m.code), m]));
  const counted = new Map(distinctCounts(counts).map((c) => [c.code, c]));
  const lists: ClosingLists = { found: [], missing: [], onRent: [], otherBranch: [], unknown: [] };
  for (const [code, count] of counted) {
    const machine = byCode.get(code);
    if (!machine) lists.unknown.push(count);
    else if (machine.branchCode === branchCode)
      lists.found.push({ machine, count, returnedFromRent: Boolean(machine.rental) });
    else lists.otherBranch.push({ machine, count });
  }
  for (const machine of registry) {
    if (machine.branchCode !== branchCode || counted.has(normaliseCode(machine.code))) continue;
    if (machine.rental) lists.onRent.push(machine);
    else lists.missing.push(machine);
  }
  const byMachineCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
  lists.found.sort((a, b) => byMachineCode(a.machine, b.machine));
  lists.otherBranch.sort((a, b) => byMachineCode(a.machine, b.machine));
  lists.missing.sort(byMachineCode);
  lists.onRent.sort(byMachineCode);
  lists.unknown.sort(byMachineCode);
  return lists;
}
