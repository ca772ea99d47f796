import type { ResourceDefinition, ResourceIndexEntry } from '../../domain/resourceDefinition.ts';

const loaded = new Map<string, ResourceDefinition>();

/** A screen's definition, loaded on demand and remembered: a screen whose definition is here draws at once. */
export function loadDefinition(entry: ResourceIndexEntry): Promise<ResourceDefinition> {
  return entry.load().then((def) => {
    loaded.set(entry.name, def);
    return def;
  });
}

/** The definition when it has already been loaded (by a list's preload, say). */
export const loadedDefinition = (name: string): ResourceDefinition | undefined => loaded.get(name);
