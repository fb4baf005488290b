import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/network-message.ts';
import { renewalDate } from './account-summary.ts';
import { canRequestDemo, DEMO_REQUEST_FAILED, demoFailure, demoReceived } from './demo-request.ts';

describe('renewalDate', () => {
  const ends = { expires_at: '2031-03-03T12:00:00.000Z', lifetime: false };

  it('is shown for the paid plans that end', () => {
    expect(renewalDate('Starter', ends, 'en-US')).toBe('March 3, 2031');
    expect(renewalDate('Pro', ends, 'en-US')).toBe('March 3, 2031');
  });

  it('is not shown for Free, Gold, lifetime access or a missing or bad date', () => {
    expect(renewalDate('Free', ends, 'en-US')).toBeNull();
    expect(renewalDate('Gold', ends, 'en-US')).toBeNull();
    expect(renewalDate('Pro', { expires_at: ends.expires_at, lifetime: true }, 'en-US')).toBeNull();
    expect(renewalDate('Pro', { expires_at: null, lifetime: false }, 'en-US')).toBeNull();
    expect(renewalDate('Pro', { expires_at: 'soon', lifetime: false }, 'en-US')).toBeNull();
    expect(renewalDate('Pro', null, 'en-US')).toBeNull();
  });
});

describe('the enterprise demo request', () => {
  it('needs an email and no request in flight', () => {
    expect(canRequestDemo('', false)).toBe(false);
    expect(canRequestDemo('   ', false)).toBe(false);
    expect(canRequestDemo('cto@uni.edu', true)).toBe(false);
    expect(canRequestDemo('cto@uni.edu', false)).toBe(true);
  });

  it('says the spec’s messages', () => {
    expect(demoReceived()).toEqual({ message: "Thank you! We've received your request and will contact you shortly.", error: false });
    expect(demoFailure(new ApiError(400, 'VALIDATION', 'Please enter a valid email address'))).toEqual({ message: 'Please enter a valid email address', error: true });
    expect(demoFailure(new ApiError(500, 'HTTP_ERROR', 'Request failed (500)'))).toEqual({ message: DEMO_REQUEST_FAILED, error: true });
    expect(demoFailure(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toEqual({ message: NETWORK_ERROR_MESSAGE, error: true });
  });
});
