import { describe, expect, it } from 'vitest';
import { createConcurrencyGate } from '../security/concurrencyGate.ts';
import { createPasswordService, hashPassword, SCRYPT_COST } from './passwords.ts';

const gate = () => createConcurrencyGate({ limit: 1, maxWaiting: 8, waitMs: 60_000, busyMessage: 'occupato' });

describe('password hashes', () => {
  it("are made at OWASP's scrypt cost unless a cheaper one is asked for (only the server tests do)", async () => {
    const stored = await createPasswordService(gate()).hash('Segreta-2026!');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
  });

  it('are checked at the cost they name, whichever the service makes', async () => {
    const cheap = await hashPassword('Segreta-2026!', { N: 1024, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    const service = createPasswordService(gate());
    expect(await service.verify('Segreta-2026!', cheap)).toBe(true);
    expect(await service.verify('segreta-2026!', cheap)).toBe(false);
  });
});
