import { describe, expect, it } from 'vitest';
import { documentPolicyOf, needsFreshDocument } from './document-policy.ts';

describe("the pages that may load PayPal's scripts", () => {
  it.each(['/pricing', '/pricing/', '/Pricing', '/thank-you'])('%s is one', (path) => {
    expect(documentPolicyOf(path)).toBe('paypal');
  });

  it.each(['/', '/admin', '/admin/pricing', '/pricing-plans', '/bias-detection', '/payment-success'])('%s is not', (path) => {
    expect(documentPolicyOf(path)).toBe('site');
  });

  it('needs a fresh document only when crossing between the two', () => {
    expect(needsFreshDocument('/', '/pricing')).toBe(true);
    expect(needsFreshDocument('/pricing', '/admin')).toBe(true);
    expect(needsFreshDocument('/pricing', '/thank-you')).toBe(false);
    expect(needsFreshDocument('/', '/faq')).toBe(false);
    expect(needsFreshDocument('/pricing', '/pricing')).toBe(false);
  });
});
