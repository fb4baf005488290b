// The app one describe block tests: built before its first test, closed (then its test database) after its last.
// Only for test files (it registers vitest hooks).
import { afterAll, beforeAll } from 'vitest';
import { closeTestApps, type TestApp } from './lifecycle.ts';

/**
 * Registers the block's beforeAll/afterAll around `start` and returns the object the tests read: empty while the
 * block is collected, filled with what `start` resolved to before the first test runs. `start` is called then, so
 * it may read what the file started in its own earlier hooks (a fake provider's URL). An app whose start failed
 * is not closed.
 */
export function appForSuite<T extends TestApp>(start: () => Promise<T>): T {
  const ctx = {} as T;
  beforeAll(async () => {
    Object.assign(ctx, await start());
  });
  afterAll(() => closeTestApps('app' in ctx ? ctx : undefined));
  return ctx;
}
