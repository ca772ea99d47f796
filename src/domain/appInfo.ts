/** SPEC.md section 1: a staging build, version 1.34.4 released on 24-09-2025. */
export const appInfo = {
  company: 'Rossi Noleggi S.r.l.',
  version: '1.34.4',
  releaseDate: '24-09-2025',
  environment: 'staging',
} as const;
