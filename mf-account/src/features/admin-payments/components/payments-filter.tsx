import { PAYMENTS_FILTERS, type PaymentsFilter } from '../domain/manual-payments.ts';
import styles from './manual-payments-page.module.css';

/** Which payments the list shows: those waiting for approval, or every Cash App payment. */
export function PaymentsFilterControl({ value, onChange }: { value: PaymentsFilter; onChange: (filter: PaymentsFilter) => void }) {
  return (
    <fieldset className={styles.filter}>
      <legend className={styles.filterLegend}>Show</legend>
      <div className={styles.filterOptions}>
        {PAYMENTS_FILTERS.map((option) => (
          <label key={option.value} className={styles.filterOption}>
            <input
              type="radio"
              name="manual-payments-filter"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
