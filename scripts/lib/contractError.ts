/** One problem found in the contract: where it is and what is wrong. */
export interface ContractProblem {
  file: string;
  pointer: string;
  reason: string;
}

/** Thrown when the contract cannot be turned into generated code. */
export class ContractError extends Error {
  readonly problems: ContractProblem[];
  constructor(problems: ContractProblem[]) {
    super(problems.map((p) => `${p.file}#${p.pointer}: ${p.reason}`).join('\n'));
    this.name = 'ContractError';
    this.problems = problems;
  }
}
