// What a test file starts and stops around its tests: the identity process the whole file signs in with, and
// the app and test database each describe block builds. Only for test files (they register vitest hooks).
import { afterAll } from 'vitest';
import { startIdentityProcess, type IdentityProcess } from './identity-process.ts';

/** Identity for the whole file: started while the file is collected (a top-level `await`), stopped after its last test. */
export async function identityForFile(env: Record<string, string> = {}): Promise<IdentityProcess> {
  const identity = await startIdentityProcess(env);
  afterAll(() => identity.stop());
  return identity;
}

export interface TestApp {
  app: { close(): Promise<unknown> };
  database: { destroy(): Promise<unknown> };
}

/**
 * Closes the apps a test built, then their test databases (no app is left running on a destroyed database); one
 * that was never built (its start failed) is passed over.
 */
export async function closeTestApps(...ctxs: (TestApp | undefined)[]): Promise<void> {
  for (const ctx of ctxs) await ctx?.app.close();
  for (const ctx of ctxs) await ctx?.database.destroy();
}
