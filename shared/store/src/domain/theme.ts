export type Theme = 'dark' | 'light';

/** Spec: default dark. */
export const DEFAULT_THEME: Theme = 'dark';
export const THEME_STORAGE_KEY = 'keisha.theme';

export function parseTheme(value: unknown): Theme {
  return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
}

export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

/** Spec: the toggle reads 'Light Mode' in the dark theme and 'Dark Mode' in the light one. */
export function themeToggleLabel(theme: Theme): 'Light Mode' | 'Dark Mode' {
  return theme === 'dark' ? 'Light Mode' : 'Dark Mode';
}
