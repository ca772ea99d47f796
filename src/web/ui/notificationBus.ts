export type Severity = 'success' | 'error' | 'warning' | 'info';
export interface Notice {
  key: number;
  severity: Severity;
  message: string;
}
/** A notice to show, or null: the one shown is withdrawn. */
type Listener = (n: Notice | null) => void;

const listeners = new Set<Listener>();
let seq = 0;
let shown: Notice | null = null;
// SPEC.md section 8: this one is never shown.
const SUPPRESSED = new Set(['Sessione scaduta']);

/** Notifications from anywhere (the API middleware included), shown by the NotificationsProvider. */
export const notificationBus = {
  publish(severity: Severity, message: string) {
    if (SUPPRESSED.has(message)) return;
    const notice = { key: ++seq, severity, message };
    shown = notice;
    listeners.forEach((l) => l(notice));
  },
  /** Takes the notice away if it is the one shown, so it does not contradict what came after it. */
  withdraw(message: string) {
    if (shown?.message !== message) return;
    shown = null;
    listeners.forEach((l) => l(null));
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
  withdraw: (m: string) => notificationBus.withdraw(m),
};
