// The signed-in reader of the component tests: restored into the shared store as the shell would after a reload.
import { keishaStore, localDate } from '@keisha/store';
import { act } from '@testing-library/react';

export function signIn(): void {
  act(() =>
    keishaStore.getState().dispatchAuth({
      type: 'RESTORE_SESSION',
      user: { id: 'u1', email: 'reader@example.org', role: 'user', daily_usage_count: 0, last_usage_reset: localDate() },
    }),
  );
}
