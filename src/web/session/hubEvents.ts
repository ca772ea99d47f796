import type { QueryClient } from '@tanstack/react-query';
import type { HubEvent } from '../../../generated/entities.ts';

export type HubHandlers = Record<string, (event: HubEvent) => void>;

const listeners = new Map<string, Set<(event: HubEvent) => void>>();

/** A page listens to the events of one entity while it is open (a negotiation saved by someone else). */
export function listenHub(entity: string, listener: (event: HubEvent) => void): () => void {
  const set = listeners.get(entity) ?? new Set();
  set.add(listener);
  listeners.set(entity, set);
  return () => void set.delete(listener);
}

/** Hands an event to the handler of its entity and to its listeners; an entity nobody handles is only logged (SPEC.md section 7). */
export function dispatchHubEvent(raw: string, handlers: HubHandlers): void {
  const event = JSON.parse(raw) as HubEvent;
  const handle = handlers[event.entity];
  const listening = [...(listeners.get(event.entity) ?? [])];
  if (handle) handle(event);
  listening.forEach((l) => l(event));
  if (!handle && listening.length === 0) console.warn(`Evento dell'hub non gestito: ${event.entity}`, event);
}

export type WorkflowHubHandler = (event: HubEvent, queryClient: QueryClient) => void;
const registered = new Map<string, WorkflowHubHandler>();

/** What a workflow does with the events of its entity (e.g. reload the missed calls); one handler per entity. */
export function registerHubHandler(entity: string, handler: WorkflowHubHandler): void {
  registered.set(entity, handler);
}

/** The workflows' handlers, given the app's query cache. */
export const registeredHubHandlers = (queryClient: QueryClient): HubHandlers =>
  Object.fromEntries([...registered].map(([entity, h]) => [entity, (e: HubEvent) => h(e, queryClient)]));
