// What a signed-in reader leaves in the browser, and what must go when they sign out.

/** Every key the platform writes into localStorage or sessionStorage starts with this. */
export const PLATFORM_KEY_PREFIX = 'keisha.';

/**
 * Keys that belong to the device, not to the account, and so outlive a sign-out: the colour theme, and
 * the ids of purchases already reported (a second report would count a purchase twice).
 */
export const DEVICE_KEYS: ReadonlySet<string> = new Set(['keisha.theme', 'keisha.analytics.purchases']);

/** Of the keys a storage holds, those to remove when the reader signs out: all the platform's but the device's. */
export function accountKeys(keys: Iterable<string>): string[] {
  return [...keys].filter((key) => key.startsWith(PLATFORM_KEY_PREFIX) && !DEVICE_KEYS.has(key));
}

/** A browser storage as far as clearing it needs; localStorage and sessionStorage are ones. */
export interface ClearableStorage {
  readonly length: number;
  key(index: number): string | null;
  removeItem(key: string): void;
}

/** Removes the account's keys from one storage; returns how many went. Blocked storage removes nothing. */
export function forgetAccountKeys(storage: ClearableStorage | undefined): number {
  if (!storage) return 0;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) keys.push(key);
    }
    const doomed = accountKeys(keys);
    for (const key of doomed) storage.removeItem(key);
    return doomed.length;
  } catch {
    return 0; // storage blocked by the browser's privacy settings: there is nothing we could have written
  }
}
