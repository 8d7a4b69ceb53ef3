import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['cli/**/*.test.ts', 'replay/**/*.test.ts'],
    globalSetup: ['cli/dev/testkit/build-dist.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
