/** Longest charge id worth showing; provider ids are far shorter, anything longer is not one. */
export const CHARGE_ID_MAX_LENGTH = 128;

/** The chargeId query parameter the crypto checkout may send back (spec section 2), or null when absent. */
export function readChargeId(params: URLSearchParams): string | null {
  const value = params.get('chargeId')?.trim() ?? '';
  if (value === '' || value.length > CHARGE_ID_MAX_LENGTH) return null;
  return value;
}
