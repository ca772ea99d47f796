/** One referenced record as answers name it (openapi.yaml, ReferenceLabels). */
export interface ReferenceLabel {
  id: number;
  label: string;
}
/** The names an answer carries, by resource name. */
export type ReferenceLabels = Record<string, ReferenceLabel[] | undefined>;

const known = new Map<string, string>();
const key = (resource: string, id: number) => `${resource}:${id}`;

/**
 * The names of referenced records, as the last answer that carried them said (every list and record answer
 * with reference fields does, and pickers add what they show): a form opened from a row, or a filter read
 * from the URL, names its records without another call, and never by an old name once a newer answer came.
 */
export const referenceLabels = {
  remember(labels: ReferenceLabels | undefined) {
    for (const [resource, items] of Object.entries(labels ?? {}))
      for (const { id, label } of items ?? []) known.set(key(resource, id), label);
  },
  rememberOne(resource: string, item: ReferenceLabel) {
    known.set(key(resource, item.id), item.label);
  },
  get(resource: string, id: number): string | undefined {
    return known.get(key(resource, id));
  },
};
