import { PAYPAL_VERIFY_FAILED } from '@keisha/contracts/billing';
import { signInLink } from '@keisha/contracts/identity';
import { Link, useLocation } from 'react-router-dom';
import type { VerificationState } from '../domain/paypal-verification.ts';
import styles from './thank-you-page.module.css';

/** Where the check of a PayPal subscription with billing stands. */
export function VerificationStatus({ state }: { state: VerificationState }) {
  const { pathname, search } = useLocation();
  const returnTo = `${pathname}${search}`;
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
          Sign in with the account you subscribed from, so we can confirm the subscription with PayPal: you come
          back to this page once you are signed in.{' '}
          <Link to={signInLink(returnTo)} className={styles.link}>
            Sign in
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
