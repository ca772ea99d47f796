import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173 },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    // Contract tests copy the project and run the generator and tsc in child processes.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
