import type { Page } from '@playwright/test';

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
