/**
 * Where the session keeps its tokens in local storage, for an app built for `env` (VITE_APP_ENV). SPEC.md
 * section 7: the names carry the environment, so staging and production never mix. Free of browser globals,
 * so that the browser tests put their tokens in the same place.
 */
export function sessionStorageKeys(env = 'staging') {
  return {
    token: `crm_token_${env}`,
    refreshToken: `crm_refresh_token_${env}`,
    // A super admin's own tokens, kept while they work as another user.
    ownToken: `crm_own_token_${env}`,
    ownRefreshToken: `crm_own_refresh_token_${env}`,
  };
}
