type Listener = () => void;
let pending = 0;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

/** How many API calls are under way: the global loading bar shows while it is above zero. */
export const loadingBar = {
  start() {
    pending++;
    emit();
  },
  done() {
    pending = Math.max(0, pending - 1);
    emit();
  },
  reset() {
    pending = 0;
    emit();
  },
  pending: () => pending,
  subscribe(l: Listener) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};
