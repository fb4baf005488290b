// Spec section 2 (Thank-you): the page reads method (default unknown), tier (default subscription), amount,
// subscription_id and transaction_id. The query string is whatever a browser was sent to, so every value is
// checked here and anything doubtful falls back to the default: a missing, repeated, huge or malformed value
// is treated as absent. Nothing read here is ever put into HTML as markup.

export const DEFAULT_METHOD = 'unknown';
export const DEFAULT_TIER = 'subscription';

/** Longer than any real value: a longer one is junk, not data. */
const MAX_VALUE_LENGTH = 128;
const TOKEN = /^[a-z][a-z0-9_-]{0,31}$/;
/** Provider ids: PayPal's I-BW452GLLEP1G, Coinbase's charge codes, our sandbox's UUIDs. */
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;
/** A plain decimal amount: digits, at most two decimals. No signs, exponents, commas or currency symbols. */
const AMOUNT = /^\d{1,6}(\.\d{1,2})?$/;
/** No purchase on this site comes near this; a bigger figure is a forged or broken link. */
const MAX_AMOUNT = 100_000;

export interface ThankYouParams {
  /** The payment method in lower case (paypal, bitcoin, cashapp...), or 'unknown'. */
  method: string;
  /** The plan bought (monthly, annual...), or 'subscription'. */
  tier: string;
  /** The amount paid in US dollars, or null when the link carried none that is a number. */
  amount: number | null;
  subscriptionId: string | null;
  transactionId: string | null;
}

/** The one value of a parameter, or null when it is absent, empty, too long or given twice with different values. */
function single(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name).map((value) => value.trim());
  if (values.length === 0) return null;
  const first = values[0]!;
  if (values.some((value) => value !== first)) return null;
  if (first === '' || first.length > MAX_VALUE_LENGTH) return null;
  return first;
}

function token(query: URLSearchParams, name: string, fallback: string): string {
  const value = single(query, name)?.toLowerCase();
  return value && TOKEN.test(value) ? value : fallback;
}

function reference(query: URLSearchParams, name: string): string | null {
  const value = single(query, name);
  return value && REFERENCE.test(value) ? value : null;
}

export function parseAmount(value: string | null): number | null {
  if (value === null || !AMOUNT.test(value)) return null;
  const amount = Number(value);
  return Number.isFinite(amount) && amount > 0 && amount <= MAX_AMOUNT ? amount : null;
}

export function parseThankYouParams(search: string | URLSearchParams): ThankYouParams {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    method: token(query, 'method', DEFAULT_METHOD),
    tier: token(query, 'tier', DEFAULT_TIER),
    amount: parseAmount(single(query, 'amount')),
    subscriptionId: reference(query, 'subscription_id'),
    transactionId: reference(query, 'transaction_id'),
  };
}

/** The id a purchase is known by: the transaction, or for a subscription without one, the subscription. */
export function purchaseReference(params: ThankYouParams): string | null {
  return params.transactionId ?? params.subscriptionId;
}

const METHOD_LABELS: Record<string, string> = {
  paypal: 'PayPal',
  bitcoin: 'Bitcoin',
  coinbase: 'Coinbase',
  cashapp: 'Cash App',
  sandbox: 'Sandbox checkout',
};

const TIER_LABELS: Record<string, string> = {
  free: 'Free plan',
  monthly: 'Monthly plan',
  annual: 'Annual plan',
  starter: 'Starter plan',
  pro: 'Pro plan',
  gold: 'Gold plan',
};

/** How the method is named on the page; a method the page does not know is not echoed back. */
export function methodLabel(method: string): string | null {
  return METHOD_LABELS[method] ?? null;
}

/** How the plan is named on the page: 'Monthly plan', or 'subscription' for one the page does not know. */
export function tierLabel(tier: string): string {
  return TIER_LABELS[tier] ?? 'subscription';
}

/** '$9.99': the amount as US dollars, for an amount that parsed as a number. */
export function formatUsd(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}
