// Cash App, by hand (spec section 9): the buyer sends the amount with their account email in the
// note; an administrator matches it and approves the purchase, which takes effect at once.
import type { CashAppInstructions } from '@keisha/contracts/billing';
import { PAYMENT_PATHS, paymentPath } from '@keisha/contracts/billing';
import type { CheckoutIntent, CheckoutSession, PaymentProvider } from '../domain/ports.ts';

/** The tag shown when the sandbox is on and no CASHAPP_CASHTAG is configured: a placeholder nobody should pay. */
export const CASHAPP_SANDBOX_CASHTAG = '$KeishaSandbox';

/** What the sandbox says wherever its tag is shown. */
export const CASHAPP_SANDBOX_NOTICE =
  'Sandbox — no real money moves: this Cash App tag is a placeholder, so do not send money to it. An administrator approves the payment in the admin console (Payments) to grant the plan.';

export function cashAppInstructions(intent: Pick<CheckoutIntent, 'email' | 'userId' | 'purchase'>, cashtag: string | null, sandbox = false): CashAppInstructions {
  const note = intent.email ?? intent.userId;
  const amount = intent.purchase.price;
  const message = sandbox ? CASHAPP_SANDBOX_NOTICE : sendMessage(amount.display, cashtag, `your account email (${note})`);
  return { cashtag, amount, note, message, sandbox };
}

/** What the instructions page calls the note: it is open to whoever has its link, and the buyer knows their own address. */
export const CASHAPP_PAGE_NOTE = 'Your account email';

/** The instructions as the page shows them: the same, without the buyer's address. */
export function cashAppPageInstructions(amountDisplay: string, cashtag: string | null, sandbox = false): { note: string; message: string } {
  return { note: CASHAPP_PAGE_NOTE, message: sandbox ? CASHAPP_SANDBOX_NOTICE : sendMessage(amountDisplay, cashtag, 'your account email') };
}

function sendMessage(amountDisplay: string, cashtag: string | null, note: string): string {
  return (
    `Send ${amountDisplay} with Cash App${cashtag ? ` to ${cashtag}` : ''} and write ${note} in the note. ` +
    'We match the payment and update your account within 1 hour.'
  );
}

/** A Cash App link with the amount filled in (links cannot carry the note). The tag is checked at start: `$` + letters, digits, _ and -. */
export function cashAppLink(cashtag: string | null, cents: number): string | null {
  return cashtag ? `https://cash.app/${cashtag}/${(cents / 100).toFixed(2)}` : null;
}

export function cashAppProvider(deps: { cashtag: string; sandbox: boolean }): PaymentProvider {
  return {
    name: 'cashapp',
    async createCheckout(intent: CheckoutIntent): Promise<CheckoutSession> {
      return {
        providerRef: null,
        paymentUrl: paymentPath(PAYMENT_PATHS.cashAppInstructions, { id: intent.subscriptionId }),
        instructions: cashAppInstructions(intent, deps.cashtag, deps.sandbox),
      };
    },
  };
}
