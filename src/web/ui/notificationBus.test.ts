import { describe, expect, it, vi } from 'vitest';
import { notificationBus, notify } from './notificationBus.ts';

describe('notificationBus', () => {
  it('delivers notifications to its listeners', () => {
    const listener = vi.fn();
    const off = notificationBus.subscribe(listener);
    notify.success('Salvataggio avvenuto correttamente');
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ severity: 'success', message: 'Salvataggio avvenuto correttamente' }),
    );
    off();
  });
  it('never shows "Sessione scaduta"', () => {
    const listener = vi.fn();
    const off = notificationBus.subscribe(listener);
    notify.error('Sessione scaduta');
    notify.warning('Sessione scaduta');
    expect(listener).not.toHaveBeenCalled();
    off();
  });
  it('withdraws a notice only while it is the one shown', () => {
    const listener = vi.fn();
    const off = notificationBus.subscribe(listener);
    notify.success('Offerta salvata');
    notify.withdraw('Offerta salvata');
    expect(listener).toHaveBeenLastCalledWith(null);
    notify.error('Errore di rete');
    listener.mockClear();
    notify.withdraw('Offerta salvata');
    expect(listener).not.toHaveBeenCalled();
    off();
  });
});
