import { defineConfig } from 'vitest/config';
import { vitestPreset } from '@keisha/config/vitest';
export default defineConfig({
  test: {
    ...vitestPreset.test,
    include: ['local/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'faults/**/*.test.ts', 'edge/**/*.test.ts', 'docker/**/*.test.ts', 'containers/**/*.test.ts', 'k8s/**/*.test.ts', 'grafana/**/*.test.ts', 'replicas/**/*.test.ts'],
  },
});
