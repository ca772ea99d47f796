import { it } from 'vitest';
import { testApp } from './helpers/testApp.ts';
import { buildApp } from '../src/server/app.ts';
it('times', async () => {
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    const a = await testApp();
    const snap = performance.now() - t;
    await a.close();
    t = performance.now();
    const b = await buildApp({ jwtSecret: 'x'.repeat(40), log: { level: 'silent' }, mail: { smtpUrl: null } });
    await b.app.ready();
    const fresh = performance.now() - t;
    await b.app.close();
    console.log({ snap: Math.round(snap), fresh: Math.round(fresh) });
  }
});
