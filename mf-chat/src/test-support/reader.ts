// The signed-in reader of the component tests: restored into the shared store as the shell would after a reload.
import { initialAuthState, keishaStore, localDate } from '@keisha/store';
import { act } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installFakePlatform, type FakePlatform } from './fake-platform.ts';

export function signIn(): void {
  act(() =>
    keishaStore.getState().dispatchAuth({
      type: 'RESTORE_SESSION',
      user: { id: 'u1', email: 'reader@example.org', role: 'user', daily_usage_count: 0, last_usage_reset: localDate() },
    }),
  );
}

/**
 * Each test of the file on a fresh fake platform (handed to `use`) and an empty session store; after
 * it, the browser's fetch back and nobody signed in.
 */
export function fakePlatformPerTest(use: (platform: FakePlatform) => void): void {
  let platform: FakePlatform;
  beforeEach(() => {
    platform = installFakePlatform();
    use(platform);
    sessionStorage.clear();
  });
  afterEach(() => {
    platform.restore();
    keishaStore.setState({ auth: initialAuthState });
  });
}
