import { themeToggleLabel, useKeisha } from '@keisha/store';
import styles from './theme-toggle.module.css';

/** The theme toggle of the spec: reads 'Light Mode' in the dark theme and 'Dark Mode' in the light one. */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useKeisha((s) => s.theme);
  const toggleTheme = useKeisha((s) => s.toggleTheme);
  return (
    <button type="button" className={[styles.toggle, className].filter(Boolean).join(' ')} onClick={toggleTheme}>
      {themeToggleLabel(theme)}
    </button>
  );
}
