import { describe, expect, it } from 'vitest';
import { readChargeId } from './charge-id.ts';

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
