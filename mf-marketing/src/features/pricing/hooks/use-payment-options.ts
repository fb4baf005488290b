import { useEffect, useState } from 'react';
import { getPaymentOptions } from '../api/get-payment-options.ts';
import { paypalSettingsFrom, type PayPalSettings } from '../domain/paypal.ts';

export type PaymentOptionsState =
  | { status: 'loading' }
  /** paypal is null when billing does not run PayPal. */
  | { status: 'ready'; paypal: PayPalSettings | null }
  /** Billing could not say: the plans still show, with the fallback instead of PayPal's buttons. */
  | { status: 'failed' };

/** Which payment billing offers on this site, asked once when the page mounts. */
export function usePaymentOptions(): PaymentOptionsState {
  const [state, setState] = useState<PaymentOptionsState>({ status: 'loading' });

  useEffect(() => {
    const request = new AbortController();
    getPaymentOptions(request.signal).then(
      (options) => {
        if (!request.signal.aborted) setState({ status: 'ready', paypal: paypalSettingsFrom(options) });
      },
      (error: unknown) => {
        if (request.signal.aborted) return;
        console.warn('[keisha] could not load the payment options:', error instanceof Error ? error.message : error);
        setState({ status: 'failed' });
      },
    );
    return () => request.abort();
  }, []);

  return state;
}
