// The page's one store and one session, and the hook the apps read the store with. Module Federation shares the
// package as a singleton across all apps, so this module is evaluated once per page.
import { useStore } from 'zustand';
import { createKeishaStore, type KeishaState } from './store.ts';
import { parseTheme, THEME_STORAGE_KEY } from './domain/theme.ts';
import { createSession } from './session.ts';

declare global {
  // Counts evaluations of this module in a page: the platform's tests assert it stays at 1.
  var __KEISHA_STORE_INSTANCES__: number | undefined;
}
globalThis.__KEISHA_STORE_INSTANCES__ = (globalThis.__KEISHA_STORE_INSTANCES__ ?? 0) + 1;

/** The one store of the page. Module Federation shares this package as a singleton across all apps. */
export const keishaStore = createKeishaStore();

/** The site's one session: sign in, sign out, tokens for API calls. Shared by every remote. */
export const session = createSession(keishaStore);

export function useKeisha<T>(selector: (state: KeishaState) => T): T {
  return useStore(keishaStore, selector);
}

if (typeof window !== 'undefined') {
  // Keep the page's theme attribute in step with the store, wherever the toggle was pressed.
  const apply = (theme: string) => document.documentElement.setAttribute('data-theme', theme);
  apply(keishaStore.getState().theme);
  keishaStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme) apply(state.theme);
  });
  // Another tab changed the preference: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) keishaStore.setState({ theme: parseTheme(event.newValue) });
  });
}
