/** Longest reference worth showing; provider ids are far shorter, anything longer is not one. */
export const CHARGE_ID_MAX_LENGTH = 128;

function readParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  if (value === '' || value.length > CHARGE_ID_MAX_LENGTH) return null;
  return value;
}

/** The chargeId query parameter the crypto checkout may send back (spec section 2), or null when absent. */
export function readChargeId(params: URLSearchParams): string | null {
  return readParam(params, 'chargeId');
}

/** Our checkout's id: billing adds `session_id` to the success address (spec section 2's /payment-success?session_id=). */
export function readCheckoutId(params: URLSearchParams): string | null {
  return readParam(params, 'session_id');
}

/** What the page shows as 'Charge ID': the provider's charge id when it sent one, else our checkout id. */
export function readPaymentReference(params: URLSearchParams): string | null {
  return readChargeId(params) ?? readCheckoutId(params);
}
