import type { HubEvent } from '../../../generated/entities.ts';

export type HubHandlers = Record<string, (event: HubEvent) => void>;

/** Hands an event to the handler of its entity; an entity nobody handles is only logged (SPEC.md section 7). */
export function dispatchHubEvent(raw: string, handlers: HubHandlers): void {
  const event = JSON.parse(raw) as HubEvent;
  const handle = handlers[event.entity];
  if (handle) handle(event);
  else console.warn(`Evento dell'hub non gestito: ${event.entity}`, event);
}
