import { ThemeToggle } from '@keisha/ui';
import styles from './app.module.css';

export default function AccountApp({ page }: { page: string }) {
  return (
    <div className={styles.root}>
      <h1>Keisha {page}</h1>
      <ThemeToggle />
    </div>
  );
}
