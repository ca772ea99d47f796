import { expect, test } from './fixtures.ts';

test('/api/docs: the contract as a readable reference, from this server only, without signing in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('requestfinished', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.origin !== baseURL) elsewhere.push(r.url());
  });
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Redoc draws the whole contract at once (some 145,000 elements, 5 s on a quiet machine of this kind): on CI's
  // loaded two cores it took 32 s once, then more than 50 s (its retry 78 s in all) as the contract grew.
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Noleggi (1.34.4)' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('heading', { name: 'Accesso con username e password' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scarica' })).toHaveAttribute('href', /\/api\/openapi\.json$/);
  expect(elsewhere).toEqual([]);
  // Redoc's own words in Italian, the search box too; nothing its policy had to block (Redocly's logo).
  const search = page.getByRole('search').getByRole('textbox');
  await expect(search).toHaveAttribute('placeholder', 'Cerca…');
  await expect(search).toHaveAccessibleName('Cerca');
  await expect(page.getByText('Documentazione generata con Redocly')).toBeVisible();
  await expect(page.getByText('obbligatorio').first()).toBeVisible();
  const text = await page.evaluate(() => document.body.innerText);
  for (const english of [
    'Search',
    'required',
    'Copy',
    'Expand all',
    'Collapse all',
    'Request Body schema',
    'Response Schema',
    'Authorizations',
    'Parameters',
    'characters',
    'API docs by',
  ])
    expect(text, english).not.toContain(english);
  expect(errors).toEqual([]);
  const yaml = await page.request.get('/api/openapi.yaml');
  expect(await yaml.text()).toMatch(/^openapi: 3\.1\.0\ninfo:\n {2}title: CRM Noleggi/);
});
