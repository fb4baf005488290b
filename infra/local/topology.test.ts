import { describe, expect, it } from 'vitest';
import { API_ROUTES, portsFrom, serviceForPath } from './topology.ts';

describe('serviceForPath', () => {
  it.each([
    ['/api/waitlist', 'identity'],
    ['/api/bias-auth/login', 'identity'],
    ['/api/bias-analysis', 'decoder'],
    ['/api/chatgpt-bias-analysis', 'decoder'],
    ['/api/bias-usage/current', 'decoder'],
    ['/api/analytics/track', 'decoder'],
    ['/api/chat', 'chat'],
    ['/api/chat/sessions/1', 'chat'],
    ['/api/bias-payment/create-subscription', 'billing'],
    ['/api/create-checkout-session', 'billing'],
    ['/api/enterprise-demo-request', 'billing'],
  ])('routes %s to %s', (path, service) => {
    expect(serviceForPath(path)).toBe(service);
  });

  it.each(['/api/chatter', '/api/waitlisting', '/api', '/apix/chat', '/'])('routes %s nowhere', (path) => {
    expect(serviceForPath(path)).toBeUndefined();
  });

  it('has no prefix owned twice', () => {
    const prefixes = API_ROUTES.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});

describe('portsFrom', () => {
  it('puts remotes after the gateway, services a thousand above, and the gateway metrics between', () => {
    expect(portsFrom(3000)).toEqual({
      gateway: 3000,
      gatewayMetrics: 4000,
      remotes: { marketing: 3001, decoder: 3002, chat: 3003, account: 3004 },
      services: { identity: 4001, decoder: 4002, chat: 4003, billing: 4004 },
    });
  });
});
