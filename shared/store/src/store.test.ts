import { describe, expect, it } from 'vitest';
import { createKeishaStore, type PreferenceStorage } from './store.ts';
import { themeToggleLabel } from './domain/theme.ts';

function memoryStorage(initial: Record<string, string> = {}): PreferenceStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('theme slice', () => {
  it('defaults to dark, and the toggle reads Light Mode', () => {
    const store = createKeishaStore(memoryStorage());
    expect(store.getState().theme).toBe('dark');
    expect(themeToggleLabel(store.getState().theme)).toBe('Light Mode');
  });

  it('toggles and persists the preference', () => {
    const storage = memoryStorage();
    const store = createKeishaStore(storage);
    store.getState().toggleTheme();
    expect(store.getState().theme).toBe('light');
    expect(themeToggleLabel('light')).toBe('Dark Mode');
    expect(storage.data['keisha.theme']).toBe('light');
    expect(createKeishaStore(storage).getState().theme).toBe('light');
  });

  it('ignores a corrupted stored value', () => {
    expect(createKeishaStore(memoryStorage({ 'keisha.theme': '<script>' })).getState().theme).toBe('dark');
  });
});

describe('auth slice', () => {
  it('applies reducer actions through dispatchAuth', () => {
    const store = createKeishaStore(memoryStorage());
    store.getState().dispatchAuth({ type: 'LOGIN_START' });
    expect(store.getState().auth.isLoading).toBe(true);
    store.getState().dispatchAuth({ type: 'LOGIN_FAILURE', error: 'nope' });
    expect(store.getState().auth).toMatchObject({ isLoading: false, error: 'nope' });
  });
});
