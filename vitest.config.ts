import { defineConfig } from 'vitest/config';

// One runner for unit, integration and browser tests. Integration tests start real servers on free loopback
// ports; browser tests drive Debian's Chromium. Files run in parallel across the machine's cores.
export default defineConfig({
  test: {
    include: ['{shared,server,sandbox,widget,admin,e2e,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
