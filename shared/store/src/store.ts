import { createStore, type StoreApi } from 'zustand/vanilla';
import { authReducer, initialAuthState, type AuthAction, type AuthState } from './domain/auth.ts';
import { otherTheme, parseTheme, THEME_STORAGE_KEY, type Theme } from './domain/theme.ts';

export interface KeishaState {
  auth: AuthState;
  dispatchAuth: (action: AuthAction) => void;
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

/** Where the theme preference is kept; localStorage in a browser, nothing in tests. */
export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function browserStorage(): PreferenceStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage can be blocked (privacy settings); the theme then lives for the page only
  }
}

export function createKeishaStore(storage: PreferenceStorage | undefined = browserStorage()): StoreApi<KeishaState> {
  const store = createStore<KeishaState>()((set, get) => ({
    auth: initialAuthState,
    dispatchAuth: (action) => set({ auth: authReducer(get().auth, action) }),
    theme: parseTheme(storage?.getItem(THEME_STORAGE_KEY)),
    setTheme: (theme) => {
      storage?.setItem(THEME_STORAGE_KEY, theme);
      set({ theme });
    },
    toggleTheme: () => get().setTheme(otherTheme(get().theme)),
  }));
  return store;
}
