import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import styles from './pricing.module.css';

export const PAYMENT_NOT_CONFIGURED = 'Online payment is not configured on this site yet.';

/** Shown instead of PayPal's button when the build has no PayPal client id, or PayPal failed to load. */
export function PaymentFallback({ reason = PAYMENT_NOT_CONFIGURED }: { reason?: string }) {
  return (
    <div className={styles.paymentFallback}>
      <p className={styles.paymentFallbackText}>
        {reason} You can still upgrade from the News Decoder, which takes Bitcoin and Cash App.
      </p>
      <Link to={paths.decoder} className={styles.paymentFallbackLink}>
        See the decoder&apos;s plans
      </Link>
    </div>
  );
}

/** PayPal is configured, but a subscription must belong to an account: the reader signs in first. */
export function SignInToSubscribe() {
  return (
    <div className={styles.paymentFallback}>
      <p className={styles.paymentFallbackText}>
        Sign in to subscribe with PayPal: the plan is attached to your Keisha account. Sign In is at the top of
        the News Decoder, and a free account takes a minute.
      </p>
      <Link to={paths.decoder} className={styles.paymentFallbackLink}>
        Sign in from the News Decoder
      </Link>
    </div>
  );
}
