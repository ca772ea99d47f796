type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** Lets code outside React (the API middleware, the push hub) move the router. */
export function setNavigator(fn: Navigate) {
  navigate = fn;
}

export function goTo(to: string, options?: { replace?: boolean }) {
  navigate(to, options);
}

/** To the login page, remembering where the user was (SPEC.md section 6). */
export function goToLogin() {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === '/login') return;
  const existing = new URLSearchParams(window.location.search).get('redirect');
  const redirect = existing ?? (here === '/' ? null : here);
  goTo(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login', { replace: true });
}
