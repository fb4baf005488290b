import type { PlansResponse } from '@keisha/contracts/billing';
import { useId } from 'react';
import { METHOD_NAMES, priceRows, WHY_PRICES_DIFFER, type PayMethod } from '../domain/price-by-method.ts';
import styles from './pricing.module.css';

const METHODS: PayMethod[] = ['paypal', 'bitcoin', 'cashapp'];

/** Each paid plan's price by way of paying, as the spec lists them, and why they differ (issue 28, item 3). */
export function PricesByMethod({ catalogue }: { catalogue: PlansResponse }) {
  const headingId = useId();
  const rows = priceRows(catalogue);
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Prices by way of paying
      </h2>
      <table className={styles.methodTable}>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            {METHODS.map((method) => (
              <th key={method} scope="col">
                {METHOD_NAMES[method]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.tier}>
              <th scope="row">{row.name}</th>
              {METHODS.map((method) => (
                <td key={method}>
                  {row.prices[method].display}
                  {row.period}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.smallPrint}>Why the prices differ:</p>
      <ul className={styles.features}>
        {WHY_PRICES_DIFFER.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className={styles.smallPrint}>PayPal is on the plan cards above; Bitcoin and Cash App are in the News Decoder, when you reach its daily limit.</p>
    </section>
  );
}
