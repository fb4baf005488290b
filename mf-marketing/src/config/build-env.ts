// Settings fixed at build time. The build replaces each `process.env.NAME` below with its value (rspack's
// DefinePlugin); where nothing replaced it, a browser has no `process` at all, so every read tolerates that
// and means "not configured".

declare const process: { env: Record<string, string | undefined> };

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function paypalClientId(): string | undefined {
  try {
    return clean(process.env.PAYPAL_CLIENT_ID);
  } catch {
    return undefined;
  }
}

function paypalMonthlyPlanId(): string | undefined {
  try {
    return clean(process.env.PAYPAL_PLAN_MONTHLY);
  } catch {
    return undefined;
  }
}

function paypalAnnualPlanId(): string | undefined {
  try {
    return clean(process.env.PAYPAL_PLAN_ANNUAL);
  } catch {
    return undefined;
  }
}

export interface PayPalSettings {
  clientId: string;
  /** PayPal billing plan ids (P-...) of the two subscriptions sold on /pricing. */
  planIds: { monthly?: string; annual?: string };
}

/**
 * PayPal's subscription buttons render only when the build was given a client id (PAYPAL_CLIENT_ID), and a
 * plan's button only when its plan id was given too (PAYPAL_PLAN_MONTHLY, PAYPAL_PLAN_ANNUAL). The names are
 * the billing service's own, so one environment configures both: billing verifies what these buttons sell.
 */
export function readPayPalSettings(): PayPalSettings | null {
  const clientId = paypalClientId();
  if (!clientId) return null;
  return { clientId, planIds: { monthly: paypalMonthlyPlanId(), annual: paypalAnnualPlanId() } };
}
