export { ThemeToggle } from './theme-toggle.tsx';
