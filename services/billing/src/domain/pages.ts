// The few HTML pages billing serves itself: the sandbox checkout and the Cash App instructions.
// Everything interpolated is escaped; the pages carry no script, and their CSP allows only their
// own style (by hash) and form posts to this site and to the allow-listed return origins. Pure.
import { createHash } from 'node:crypto';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => ESCAPES[char]!);
}

export const SANDBOX_LABEL = 'Sandbox — no real money moves';

const STYLE = `
:root{color-scheme:dark light;font-family:system-ui,sans-serif;background:#0f1115;color:#f3f4f6}
main{max-width:32rem;margin:3rem auto;padding:2rem;border:1px solid #374151;border-radius:12px;background:#161a22}
.banner{margin:0 0 1.5rem;padding:.75rem 1rem;border-radius:8px;background:#fbbf24;color:#111827;font-weight:700;text-align:center}
h1{font-size:1.5rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#9ca3af}dd{margin:0;overflow-wrap:anywhere}
code{overflow-wrap:anywhere;background:#0b0d12;padding:.1rem .3rem;border-radius:4px}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
form{margin:0}
button,.button{font:inherit;font-weight:600;padding:.7rem 1.4rem;border-radius:8px;border:1px solid #4b5563;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#22c55e;color:#052e16;border-color:#22c55e}
.secondary{background:transparent;color:#f3f4f6}
button:focus-visible,.button:focus-visible{outline:3px solid #60a5fa;outline-offset:2px}
.note{color:#9ca3af;font-size:.9rem}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Headers of every page: a strict CSP (no script at all), no caching, no referrer, no framing. */
export function pageHeaders(formOrigins: Array<string | null>): Record<string, string> {
  const extra = [...new Set(formOrigins.filter((o): o is string => typeof o === 'string' && /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(o)))];
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': [
      "default-src 'none'",
      `style-src ${STYLE_HASH}`,
      // Chrome also checks the redirect that follows a form post, so the return origins are listed.
      `form-action 'self'${extra.map((o) => ` ${o}`).join('')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
  };
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * What the sandbox checkout shows. Like a provider's hosted page it is open to whoever has its link, so it
 * names what is bought and never who buys it (no e-mail, no account id).
 */
export interface CheckoutPageView {
  title: string;
  amountDisplay: string;
  status: string;
  payAction: string;
  cancelAction: string;
  returnUrl: string | null;
  cancelUrl: string | null;
}

export function sandboxCheckoutPage(view: CheckoutPageView): string {
  const details = `<dl>
<dt>Plan</dt><dd>${escapeHtml(view.title)}</dd>
<dt>Amount</dt><dd>${escapeHtml(view.amountDisplay)} USD</dd>
</dl>`;
  const banner = `<p class="banner" role="note">${escapeHtml(SANDBOX_LABEL)}</p>`;
  if (view.status !== 'pending') {
    const back = view.status === 'active' || view.status === 'cancelled' ? view.returnUrl : view.cancelUrl;
    return page(
      'Sandbox checkout',
      `${banner}
<h1>This checkout is closed</h1>
${details}
<p>Its status is <strong>${escapeHtml(view.status)}</strong>.</p>
${back ? `<p><a class="button secondary" href="${escapeHtml(back)}">Back to Keisha</a></p>` : ''}`,
    );
  }
  return page(
    'Sandbox checkout',
    `${banner}
<h1>Keisha checkout</h1>
${details}
<p class="note">This is Keisha's built-in test checkout. Paying here grants the plan at once and charges nothing.</p>
<div class="actions">
<form method="post" action="${escapeHtml(view.payAction)}"><button type="submit" class="primary">Pay ${escapeHtml(view.amountDisplay)}</button></form>
<form method="post" action="${escapeHtml(view.cancelAction)}"><button type="submit" class="secondary">Cancel</button></form>
</div>`,
  );
}

export interface CashAppPageView {
  title: string;
  amountDisplay: string;
  cashtag: string | null;
  /** https://cash.app/$tag/14.99, when a cashtag is configured. */
  cashAppLink: string | null;
  note: string;
  message: string;
  status: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  /** The sandbox's placeholder tag: the page says not to pay it. */
  sandbox?: boolean;
}

export function cashAppPage(view: CashAppPageView): string {
  const state =
    view.status === 'pending'
      ? `<p>${escapeHtml(view.message)}</p>`
      : `<p>This payment is <strong>${escapeHtml(view.status)}</strong>.</p>`;
  return page(
    'Pay with Cash App',
    `${view.sandbox ? `<p class="banner" role="note">${escapeHtml(SANDBOX_LABEL)}</p>\n` : ''}<h1>Pay with Cash App</h1>
<dl>
<dt>Plan</dt><dd>${escapeHtml(view.title)}</dd>
<dt>Amount</dt><dd>${escapeHtml(view.amountDisplay)} USD</dd>
<dt>Send to</dt><dd>${view.cashtag ? `<strong>${escapeHtml(view.cashtag)}</strong>${view.sandbox ? ' (sandbox placeholder: do not pay it)' : ''}` : 'No Cash App tag is configured on this installation.'}</dd>
<dt>Note</dt><dd><code>${escapeHtml(view.note)}</code></dd>
</dl>
${state}
<div class="actions">
${view.cashAppLink && view.status === 'pending' ? `<a class="button primary" href="${escapeHtml(view.cashAppLink)}" rel="noopener noreferrer">Open Cash App</a>` : ''}
${view.returnUrl ? `<a class="button secondary" href="${escapeHtml(view.returnUrl)}">Done</a>` : ''}
${view.cancelUrl && view.status === 'pending' ? `<a class="button secondary" href="${escapeHtml(view.cancelUrl)}">Cancel</a>` : ''}
</div>`,
  );
}

/** The PayPal sandbox's approval page, standing in for PayPal's window: like it, it names the plan, never the buyer. */
export interface PaypalSandboxPageView {
  title: string;
  amountDisplay: string;
  period: 'month' | 'year';
  status: string;
  approveAction: string;
  cancelAction: string;
  /** Where "Back to Keisha" goes once the subscription is no longer waiting for approval. */
  doneUrl: string;
}

export const PAYPAL_SANDBOX_HEADING = 'PayPal sandbox';

export function paypalSandboxApprovalPage(view: PaypalSandboxPageView): string {
  const banner = `<p class="banner" role="note">${escapeHtml(SANDBOX_LABEL)}</p>`;
  const details = `<dl>
<dt>Plan</dt><dd>${escapeHtml(view.title)}</dd>
<dt>Amount</dt><dd>${escapeHtml(view.amountDisplay)} USD a ${view.period}, renewing until cancelled</dd>
</dl>`;
  if (view.status !== 'APPROVAL_PENDING') {
    return page(
      PAYPAL_SANDBOX_HEADING,
      `${banner}
<h1>This subscription is ${escapeHtml(view.status.toLowerCase())}</h1>
${details}
<p><a class="button secondary" href="${escapeHtml(view.doneUrl)}">Back to Keisha</a></p>`,
    );
  }
  return page(
    PAYPAL_SANDBOX_HEADING,
    `${banner}
<h1>Approve your PayPal subscription</h1>
${details}
<p class="note">This page stands in for PayPal on this installation, which has no PayPal keys. Approving starts the subscription at once and charges nothing.</p>
<div class="actions">
<form method="post" action="${escapeHtml(view.approveAction)}"><button type="submit" class="primary">Approve subscription</button></form>
<form method="post" action="${escapeHtml(view.cancelAction)}"><button type="submit" class="secondary">Cancel and return to Keisha</button></form>
</div>`,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
