import { PageFrame } from './page-frame.tsx';
import styles from './page-frame.module.css';

export function PricingPage() {
  return (
    <PageFrame title="Pricing">
      <p className={styles.lead}>
        Start free with three News Decoder analyses a day. Monthly is $9.99 a month for ten analyses a day; Annual is
        $99.99 a year for unlimited analyses, a saving of $19.89 a year against paying monthly.
      </p>
    </PageFrame>
  );
}
