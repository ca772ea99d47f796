export type Severity = 'success' | 'error' | 'warning' | 'info';
export interface Notice {
  key: number;
  severity: Severity;
  message: string;
}
type Listener = (n: Notice) => void;

const listeners = new Set<Listener>();
let seq = 0;
// SPEC.md section 8: this one is never shown.
const SUPPRESSED = new Set(['Sessione scaduta']);

/** Notifications from anywhere (the API middleware included), shown by the NotificationsProvider. */
export const notificationBus = {
  publish(severity: Severity, message: string) {
    if (SUPPRESSED.has(message)) return;
    const notice = { key: ++seq, severity, message };
    listeners.forEach((l) => l(notice));
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

export const notify = {
  success: (m: string) => notificationBus.publish('success', m),
  error: (m: string) => notificationBus.publish('error', m),
  warning: (m: string) => notificationBus.publish('warning', m),
};
