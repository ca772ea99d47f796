type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void> | void;
let navigate: Navigate = (to) => window.location.assign(to);

/** Lets code outside React (the API middleware, the push hub) move the router. */
export function setNavigator(fn: Navigate) {
  navigate = fn;
}

export function goTo(to: string, options?: { replace?: boolean }): Promise<void> {
  return Promise.resolve(navigate(to, options));
}

/** To the login page, remembering where the user was (SPEC.md section 6). */
export function goToLogin(): Promise<void> {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === '/login') return Promise.resolve();
  const existing = new URLSearchParams(window.location.search).get('redirect');
  const redirect = existing ?? (here === '/' ? null : here);
  return goTo(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login', { replace: true });
}
