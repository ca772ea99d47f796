import { describe, expect, it, vi } from 'vitest';
import { dispatchHubEvent, listenHub } from './hubEvents.ts';

describe('dispatchHubEvent', () => {
  it('gives an event to the handler of its entity', () => {
    const user = vi.fn();
    dispatchHubEvent(
      JSON.stringify({ entity: 'user', event: 'forced-logout', userId: 3, at: '2025-09-24T10:00:00Z' }),
      { user },
    );
    expect(user).toHaveBeenCalledWith({
      entity: 'user',
      event: 'forced-logout',
      userId: 3,
      at: '2025-09-24T10:00:00Z',
    });
  });
  it('logs a console warning for an entity nobody handles', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    dispatchHubEvent(JSON.stringify({ entity: 'trattativa', event: 'updated', at: '2025-09-24T10:00:00Z' }), {
      user: vi.fn(),
    });
    expect(warn).toHaveBeenCalledWith(
      "Evento dell'hub non gestito: trattativa",
      expect.objectContaining({ entity: 'trattativa' }),
    );
    warn.mockRestore();
  });
  it('gives an event to the pages listening to its entity, until they stop', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const page = vi.fn();
    const stop = listenHub('trattativaCp', page);
    const raw = JSON.stringify({ entity: 'trattativaCp', event: 'updated', at: '2025-09-24T10:00:00Z' });
    dispatchHubEvent(raw, {});
    expect(page).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
    stop();
    dispatchHubEvent(raw, {});
    expect(page).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
