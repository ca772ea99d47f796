export interface Range {
  from: number;
  to: number;
}

/** Two closed ranges share at least one value. */
export function rangesOverlap(a: Range, b: Range): boolean {
  return a.from <= b.to && b.from <= a.to;
}
