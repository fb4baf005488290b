import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cashAppPage, escapeHtml, messagePage, pageHeaders, SANDBOX_LABEL, sandboxCheckoutPage } from './pages.ts';

const hostile = `<script>alert("x")</script>'&\``;
const view = {
  title: `Plan ${hostile}`,
  amountDisplay: '$7.00',
  status: 'pending',
  payAction: '/api/billing/sandbox/checkout/1/pay',
  cancelAction: '/api/billing/sandbox/checkout/1/cancel',
  returnUrl: '/payment/success?subscription_id=1&x="><script>',
  cancelUrl: '/payment/cancel',
};

describe('billing pages', () => {
  it('escapes every character that could open markup or an attribute', () => {
    expect(escapeHtml(hostile)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;&#96;');
  });

  it('labels the sandbox checkout clearly, with Pay and Cancel, and renders nothing unescaped', () => {
    const html = sandboxCheckoutPage(view);
    expect(html).toContain(SANDBOX_LABEL);
    expect(html).toContain('>Pay $7.00</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
  });

  it('names what is bought and nothing about who buys it: the page is open to whoever has its link', () => {
    for (const status of ['pending', 'active', 'failed']) {
      const html = sandboxCheckoutPage({ ...view, status });
      expect(html).not.toMatch(/@|Account|e-?mail/i);
      expect(html).toContain('Plan');
    }
  });

  it('shows a closed checkout with a way back instead of buttons', () => {
    const html = sandboxCheckoutPage({ ...view, status: 'active' });
    expect(html).not.toContain('<button');
    expect(html).toContain('href="/payment/success?subscription_id=1&amp;x=&quot;&gt;&lt;script&gt;"');
  });

  it('shows Cash App instructions with the email as the note', () => {
    const html = cashAppPage({
      title: 'Keisha Decoder Monthly',
      amountDisplay: '$14.99',
      cashtag: '$Keisha',
      cashAppLink: 'https://cash.app/$Keisha/14.99',
      note: 'reader@example.org',
      message: 'Send it',
      status: 'pending',
      returnUrl: '/payment/success',
      cancelUrl: '/payment/cancel',
    });
    expect(html).toContain('<code>reader@example.org</code>');
    expect(html).toContain('href="https://cash.app/$Keisha/14.99"');
    expect(messagePage('<b>', '<i>')).not.toContain('<b>');
  });

  it('sends a strict CSP whose style hash matches the page’s only style', () => {
    const headers = pageHeaders([null, 'https://keisha.example', 'https://keisha.example', "x'; script-src *"]);
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://keisha.example;");
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("frame-ancestors 'none'");
    const style = /<style>([\s\S]*?)<\/style>/.exec(sandboxCheckoutPage(view))![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(headers['cache-control']).toBe('no-store');
  });
});
