/** Configuration the browser reads from index.html at run time. */
export interface RuntimeConfig {
  /** Where the app sends API calls when not to this server (the contract proxy in tests). */
  apiBase: string;
  msClientId: string;
  msTenantId: string;
  /** Map tiles ({z}/{x}/{y}) and the address search (Nominatim-style ?q=&format=json). */
  mapTileUrl: string;
  mapGeocoderUrl: string;
}
