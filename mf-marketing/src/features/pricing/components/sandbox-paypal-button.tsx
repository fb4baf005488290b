import { alreadyCoveredMessage } from '@keisha/contracts/billing';
import { useState } from 'react';
import { createPaypalSandboxSubscription } from '../api/create-paypal-sandbox.ts';
import styles from './pricing.module.css';

/**
 * PayPal's subscribe button when billing stands in for PayPal (no PayPal keys, the sandbox on): it creates the
 * subscription with billing and opens billing's approval page, which returns to /thank-you like PayPal does.
 */
export function SandboxPayPalButton({ tier, planName }: { tier: 'monthly' | 'annual'; planName: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  /** Billing's reason when it refused a plan the reader already has (nothing to retry). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const subscribe = async () => {
    setState('busy');
    setRefusal(null);
    try {
      const created = await createPaypalSandboxSubscription(tier);
      window.location.assign(created.approve_url);
    } catch (error) {
      console.error(`[keisha] the PayPal sandbox could not start the ${tier} subscription:`, error);
      setRefusal(alreadyCoveredMessage(error));
      setState('failed');
    }
  };
  return (
    <div className={styles.payment}>
      <button type="button" className={styles.freeAction} onClick={subscribe} disabled={state === 'busy'} aria-label={`Subscribe to the ${planName} plan with PayPal (sandbox)`}>
        {state === 'busy' ? 'Opening PayPal sandbox...' : 'Subscribe with PayPal (sandbox)'}
      </button>
      <p className={styles.paymentStatus}>Sandbox — no real money moves: this site has no PayPal keys, so Keisha stands in for PayPal.</p>
      {state === 'failed' && (
        <p className={styles.paymentError} role="alert">
          {refusal ?? 'The subscription could not be started. Please try again.'}
        </p>
      )}
    </div>
  );
}
