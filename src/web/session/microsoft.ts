const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

/** Microsoft sign-in is offered only when the server passes a tenant and an application id. */
export const microsoftConfig = {
  clientId: meta('ms-client-id'),
  tenantId: meta('ms-tenant-id'),
  get enabled() {
    return this.clientId !== '' && this.tenantId !== '';
  },
};

// MSAL is loaded only when the user chooses Microsoft: it stays off the login route's bundle.
async function msal() {
  const { PublicClientApplication } = await import('@azure/msal-browser');
  const app = new PublicClientApplication({
    auth: {
      clientId: microsoftConfig.clientId,
      authority: `https://login.microsoftonline.com/${microsoftConfig.tenantId}`,
      redirectUri: `${window.location.origin}/auth/callback`,
    },
    cache: { cacheLocation: 'sessionStorage' },
  });
  await app.initialize();
  return app;
}

/** The scope of this application's own API: its access tokens are the ones the server can verify. */
const scopes = () => [`api://${microsoftConfig.clientId}/access_as_user`];

export async function startMicrosoftLogin(redirect: string | null) {
  const app = await msal();
  await app.loginRedirect({ scopes: scopes(), state: redirect ?? '' });
}

/** On /auth/callback: the access token Microsoft sent back, and where to go afterwards. */
export async function finishMicrosoftLogin(): Promise<{ accessToken: string; redirect: string } | null> {
  const app = await msal();
  const result = await app.handleRedirectPromise();
  if (!result) return null;
  return { accessToken: result.accessToken, redirect: result.state || '/' };
}
