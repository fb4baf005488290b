import { hasNextPage, hasPreviousPage, pageLabel, rangeLabel, type PageInfo } from '../lib/pagination.ts';
import { Button } from './button.tsx';
import styles from './pagination.module.css';

/** 'Previous', 'Page n of m', 'Next', with the rows shown ('21–40 of 57'). */
export function Pagination({
  label,
  info,
  rowsOnPage,
  busy,
  onPageChange,
}: {
  /** Names the navigation landmark: 'Users pages'. */
  label: string;
  info: PageInfo;
  rowsOnPage: number;
  busy?: boolean;
  onPageChange: (page: number) => void;
}) {
  return (
    <nav className={styles.pagination} aria-label={label}>
      <p className={styles.range}>{rangeLabel(info, rowsOnPage)}</p>
      <div className={styles.controls}>
        <Button size="small" disabled={busy || !hasPreviousPage(info)} onClick={() => onPageChange(info.page - 1)}>
          Previous
        </Button>
        <p className={styles.page} aria-live="polite">
          {pageLabel(info, rowsOnPage)}
        </p>
        <Button size="small" disabled={busy || !hasNextPage(info, rowsOnPage)} onClick={() => onPageChange(info.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
