import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // CI's extra runs (.ci/steps/node-22) name their own report; its last line counts them all.
    reporters: [
      'default',
      ['json', { outputFile: process.env.VITEST_REPORT ?? '.vitest-report.json' }],
    ],
  },
});
