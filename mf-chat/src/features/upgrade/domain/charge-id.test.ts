import { describe, expect, it } from 'vitest';
import { readChargeId, readCheckoutId, readPaymentReference } from './charge-id.ts';

describe('readChargeId', () => {
  it('reads the chargeId parameter, trimmed', () => {
    expect(readChargeId(new URLSearchParams('chargeId=%20ABC-123%20'))).toBe('ABC-123');
  });

  it('is null when the parameter is missing or blank', () => {
    expect(readChargeId(new URLSearchParams(''))).toBeNull();
    expect(readChargeId(new URLSearchParams('session_id=cs_1'))).toBeNull();
    expect(readChargeId(new URLSearchParams('chargeId=%20%20'))).toBeNull();
  });

  it('keeps markup as plain characters (React renders it as text)', () => {
    expect(readChargeId(new URLSearchParams('chargeId=%3Cimg%20src%3Dx%3E'))).toBe('<img src=x>');
  });

  it('ignores a value too long to be a charge id', () => {
    expect(readChargeId(new URLSearchParams(`chargeId=${'x'.repeat(129)}`))).toBeNull();
    expect(readChargeId(new URLSearchParams(`chargeId=${'x'.repeat(128)}`))).toHaveLength(128);
  });
});

describe('the payment reference', () => {
  it('is the charge id when there is one, else the checkout id', () => {
    expect(readPaymentReference(new URLSearchParams('chargeId=CH1&session_id=cs_1'))).toBe('CH1');
    expect(readPaymentReference(new URLSearchParams('session_id=cs_1'))).toBe('cs_1');
    expect(readPaymentReference(new URLSearchParams(''))).toBeNull();
  });

  it('reads the checkout id to verify', () => {
    expect(readCheckoutId(new URLSearchParams('session_id=%2011111111-2222-3333-4444-555555555555'))).toBe('11111111-2222-3333-4444-555555555555');
    expect(readCheckoutId(new URLSearchParams('chargeId=CH1'))).toBeNull();
  });
});
