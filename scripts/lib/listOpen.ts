import type { Page } from '@playwright/test';

/** The page's clock when `fn` first returns a time, checked on every animation frame. */
export const pageTimeWhen = (page: Page, fn: () => number | false, timeout: number): Promise<number> =>
  page
    .waitForFunction(fn, undefined, { timeout, polling: 'raf' })
    .then((h) => h.jsonValue())
    .then(Number);

/**
 * Until the app's table holds the 50 rows (not the first frame's picture of them) and a click on its first
 * sortable header has been answered, on the page's clock: the sort it asks for is in the address.
 */
export async function tableAndClick(page: Page, timeout: number): Promise<{ table: number; click: number }> {
  const table = await pageTimeWhen(
    page,
    () => document.querySelectorAll('tbody tr[data-row-id]').length >= 50 && performance.now(),
    timeout,
  );
  const before = await page.evaluate(() => location.search);
  await page.locator('thead th .MuiTableSortLabel-root').first().click();
  const click = await (
    await page.waitForFunction((s) => location.search !== s && performance.now(), before, { timeout, polling: 'raf' })
  ).jsonValue();
  return { table, click: Number(click) };
}
