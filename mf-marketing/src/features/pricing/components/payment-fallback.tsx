import { signInLink } from '@keisha/contracts/identity';
import { Link, useLocation } from 'react-router-dom';
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

/**
 * PayPal is configured, but a subscription must belong to an account: the reader signs in first, in the decoder's
 * account dialog, which opens at once and brings them back to this page (the plan they chose included).
 */
export function SignInToSubscribe() {
  const { pathname, search } = useLocation();
  return (
    <div className={styles.paymentFallback}>
      <p className={styles.paymentFallbackText}>
        Sign in to subscribe with PayPal: the plan is attached to your Keisha account, and a free account takes a
        minute. You come back here once you are signed in.
      </p>
      <Link to={signInLink(`${pathname}${search}`)} className={styles.paymentFallbackLink}>
        Sign in to subscribe
      </Link>
    </div>
  );
}
