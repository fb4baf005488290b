import { PAYPAL_VERIFY_FAILED } from '@keisha/contracts/billing';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import type { VerificationState } from '../domain/paypal-verification.ts';
import styles from './thank-you-page.module.css';

/** Where the check of a PayPal subscription with billing stands. */
export function VerificationStatus({ state }: { state: VerificationState }) {
  switch (state.status) {
    case 'not-needed':
      return null;
    case 'checking':
      return (
        <p className={styles.verification} role="status">
          Confirming your subscription with PayPal...
        </p>
      );
    case 'verified':
      return (
        <p className={styles.verification} role="status" data-kind="success">
          Confirmed: PayPal reports your subscription as active, and the plan is on your account.
        </p>
      );
    case 'pending':
      return (
        <p className={styles.verification} role="status">
          PayPal has not finished activating your subscription yet. This usually takes a minute or two: reload this
          page to check again.
        </p>
      );
    case 'sign-in':
      return (
        <p className={styles.verification} role="status">
          Sign in with the account you subscribed from and come back to this page, so we can confirm the
          subscription with PayPal.{' '}
          <Link to={paths.decoder} className={styles.link}>
            Sign in from the News Decoder
          </Link>
        </p>
      );
    case 'failed':
      return (
        <p className={styles.verification} role="alert" data-kind="error">
          {PAYPAL_VERIFY_FAILED}
        </p>
      );
  }
}
