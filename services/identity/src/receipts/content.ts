// What a receipt, a "will not renew" note and a refund note say, from one billing purchase event (pure).
import type { PurchaseEvent } from '@keisha/contracts/billing/schemas';
import type { RenderedMail } from '../mail/templates.ts';
import { planCancelledTemplate, receiptTemplate, refundTemplate } from '../mail/templates.ts';
import { renderMail } from '../mail/templates/render.ts';
import { mailDay } from '../mail/mail-date.ts';

/** The outbox kind of each event kind (the admin console's Outbox lists them). */
export const RECEIPT_KINDS = { paid: 'receipt', cancelled: 'plan-cancelled', refunded: 'refund' } as const;

/** What each plan gives, in a sentence's middle (billing's catalogue sells these; kept short for a receipt). */
const GIVES: Readonly<Record<string, string>> = {
  'decoder/monthly': '10 news analyses a day, advanced detection, priority support and the daily newsletter',
  'decoder/annual': 'unlimited news analyses, advanced detection, priority support, the daily newsletter and API access for your own tools',
  'chat/Starter': 'unlimited messages with Keisha in the chat',
  'chat/Pro': 'unlimited messages with Keisha in the chat',
  'chat/Gold': 'unlimited messages with Keisha in the chat, for life, and early access to what opens next',
};


function amountOf(event: PurchaseEvent): string {
  if (event.amount_cents === null) return 'the plan’s price';
  const value = (event.amount_cents / 100).toFixed(2);
  return (event.currency ?? 'USD') === 'USD' ? `$${value}` : `${value} ${event.currency}`;
}

function methodOf(event: PurchaseEvent): string {
  if (event.provider === 'sandbox') return 'Bitcoin (sandbox: no real money moved)';
  if (event.provider === 'coinbase') return 'Bitcoin (Coinbase)';
  if (event.provider === 'cashapp') return 'Cash App';
  return 'PayPal';
}

function accessOf(event: PurchaseEvent): string {
  if (event.lifetime) return 'It is yours for life and never renews.';
  if (!event.period_end) return 'Your account page shows how long it lasts.';
  const until = mailDay(event.period_end);
  return event.provider === 'paypal'
    ? `You have it until ${until}; PayPal then bills the next period unless you cancel the plan before.`
    : `You have it until ${until}.`;
}

export function receiptMail(event: PurchaseEvent, links: { accountUrl: string; support: string }): Promise<RenderedMail> {
  const common = { plan: event.plan_name, accountUrl: links.accountUrl, support: links.support };
  if (event.kind === 'paid') {
    return renderMail(receiptTemplate, {
      ...common,
      heading: event.renewal ? `Thank you: your ${event.plan_name} is renewed.` : `Thank you: your payment for ${event.plan_name} is confirmed.`,
      amount: amountOf(event),
      method: methodOf(event),
      date: mailDay(event.occurred_at),
      reference: event.subscription_id,
      gives: GIVES[`${event.product}/${event.tier}`] ?? 'everything the plan includes',
      access: accessOf(event),
    });
  }
  if (event.kind === 'cancelled') {
    return renderMail(planCancelledTemplate, {
      ...common,
      why: event.replaced_by_upgrade
        ? 'You moved to a higher plan of the same product, which includes everything it gives, so it stopped renewing.'
        : `It was cancelled on ${mailDay(event.occurred_at)}.`,
      until: event.period_end ? mailDay(event.period_end) : mailDay(event.occurred_at),
    });
  }
  return renderMail(refundTemplate, { ...common, amount: amountOf(event), method: methodOf(event), date: mailDay(event.occurred_at), reference: event.subscription_id });
}
