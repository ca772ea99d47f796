import type { Page } from '@playwright/test';
import type { Stack } from './stack.ts';

/**
 * Prism's proxy reads every body as UTF-8 text, which mangles photos on the way in and images and PDFs on the way
 * out; those calls (of the whole context, so a queued send at page load is caught too) go straight to the server (their contract is checked by the server's own tests), the rest
 * through the proxy.
 */
export async function binaryPastTheProxy(page: Page, stack: Stack) {
  await page.context().route(/\/api\/accettazioni_mezzi(\/foto|\/\d+\/(foto\/\d+|firma|pdf))?$/, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${stack.baseURL}${url.pathname}${url.search}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}

/** The customer signs with a finger: a stroke across the pad. */
export async function sign(page: Page) {
  const pad = page.getByTestId('firma');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + 120 - (i % 2) * 60, { steps: 2 });
  await page.mouse.up();
}
