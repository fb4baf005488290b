import { fileURLToPath } from 'node:url';

// Vitest presets shared by every package: no globals, honest timeouts.
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

/** Component tests of the browser apps: jsdom on an origin that can never resolve, so no test reaches a running platform. */
export const vitestDomPreset = {
  test: {
    ...vitestPreset.test,
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://keisha.invalid/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./vitest-dom-setup.ts', import.meta.url))],
  },
};
