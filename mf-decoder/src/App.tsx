import { AnalysisWorkspace } from './features/analysis/components/analysis-workspace.tsx';
import { DecoderHeader } from './features/identity/components/decoder-header.tsx';
import { PaymentReturnPage } from './features/payment-return/components/payment-return-page.tsx';
import styles from './app.module.css';

/** The news decoder screen (spec section 2): header over the article and analysis panels. */
function DecoderScreen() {
  return (
    <div className={styles.screen}>
      <DecoderHeader />
      <div className={styles.content}>
        <AnalysisWorkspace />
      </div>
    </div>
  );
}

/** The decoder remote: the shell picks the page from its route (/bias-detection, /microfrag, /payment/*). */
export default function DecoderApp({ page }: { page: string }) {
  switch (page) {
    case 'payment-success':
      return <PaymentReturnPage outcome="success" />;
    case 'payment-cancel':
      return <PaymentReturnPage outcome="cancel" />;
    default:
      return <DecoderScreen />;
  }
}
