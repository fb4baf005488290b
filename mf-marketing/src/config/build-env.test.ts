import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPayPalSettings } from './build-env.ts';

afterEach(() => vi.unstubAllEnvs());

describe('readPayPalSettings', () => {
  it('is null without a client id (the default build)', () => {
    vi.stubEnv('PAYPAL_CLIENT_ID', '');
    expect(readPayPalSettings()).toBeNull();
    vi.stubEnv('PAYPAL_CLIENT_ID', '   ');
    expect(readPayPalSettings()).toBeNull();
  });

  it('reads the client id and the plan ids', () => {
    vi.stubEnv('PAYPAL_CLIENT_ID', ' client-123 ');
    vi.stubEnv('PAYPAL_PLAN_MONTHLY', 'P-MONTHLY');
    vi.stubEnv('PAYPAL_PLAN_ANNUAL', '');
    expect(readPayPalSettings()).toEqual({ clientId: 'client-123', planIds: { monthly: 'P-MONTHLY', annual: undefined } });
  });

  it('means "not configured" where the build left no process object (a browser)', () => {
    const global = globalThis as unknown as { process?: unknown };
    const saved = global.process;
    delete global.process; // a browser, where `process` does not exist
    try {
      expect(readPayPalSettings()).toBeNull();
    } finally {
      global.process = saved;
    }
  });
});
