// Vitest preset shared by every package: node environment, no globals, honest timeouts.
export const vitestPreset = {
  test: {
    environment: 'node',
    globals: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    passWithNoTests: false,
  },
};
