import { describe, expect, it } from 'vitest';
import { accountKeys, forgetAccountKeys, type ClearableStorage } from './browser-data.ts';

class MemoryStorage implements ClearableStorage {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('what a sign-out clears from the browser', () => {
  it('takes every platform key but the device ones, and leaves other sites\' keys alone', () => {
    expect(
      accountKeys(['keisha.decoder.usage', 'keisha.theme', 'keisha.chat.current-session', 'keisha.analytics.purchases', 'other.app', 'keisha.signed-in']),
    ).toEqual(['keisha.decoder.usage', 'keisha.chat.current-session', 'keisha.signed-in']);
  });

  it('removes them from a storage, even while the storage shrinks under the loop', () => {
    const storage = new MemoryStorage();
    for (const key of ['keisha.decoder.usage', 'keisha.theme', 'keisha.decoder.prefill', 'x']) storage.items.set(key, '1');
    expect(forgetAccountKeys(storage)).toBe(2);
    expect([...storage.items.keys()]).toEqual(['keisha.theme', 'x']);
  });

  it('does nothing with a blocked or missing storage', () => {
    const blocked: ClearableStorage = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
      removeItem: () => undefined,
    };
    expect(forgetAccountKeys(blocked)).toBe(0);
    expect(forgetAccountKeys(undefined)).toBe(0);
  });
});
