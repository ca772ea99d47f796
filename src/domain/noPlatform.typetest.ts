// Checked by `npm run typecheck` (tsconfig.domain.json), never run: src/domain is pure logic shared by
// the server and the browser, so neither Node's globals nor the DOM exist for it. Each line below
// must fail to compile there.

// @ts-expect-error Node's process is not available in src/domain
export const environment = process.env.NODE_ENV;
// @ts-expect-error Node's Buffer is not available in src/domain
export const bytes = Buffer.from('x');
// @ts-expect-error the DOM's document is not available in src/domain
export const title = document.title;
// @ts-expect-error the DOM's window is not available in src/domain
export const width = window.innerWidth;
