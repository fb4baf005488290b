// The environment the launcher gives each service (serviceEnvironment): services run as in production, yet
// `npm start` keeps billing's offline sandbox checkout, which billing turns off by default in production.
import { describe, expect, it } from 'vitest';
import { serviceEnvironment } from './platform.ts';
import { portsFrom, SERVICES } from './topology.ts';

const ports = portsFrom(3000);

describe('a service started by the launcher', () => {
  it.each(SERVICES)('%s runs with NODE_ENV=production and the sandbox asked for by name', (name) => {
    const env = serviceEnvironment(name, { ports, dataDir: '/data', parentEnv: { PATH: '/bin' } });
    expect(env).toMatchObject({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on', PORT: String(ports.services[name]), DATA_DIR: `/data/${name}` });
  });

  it('keeps the sandbox setting the operator gave, from the shell or the caller', () => {
    expect(serviceEnvironment('billing', { ports, dataDir: '/d', parentEnv: { PAYMENTS_SANDBOX: 'off' } }).PAYMENTS_SANDBOX).toBe('off');
    expect(serviceEnvironment('billing', { ports, dataDir: '/d', parentEnv: {}, serviceEnv: { PAYMENTS_SANDBOX: 'off' } }).PAYMENTS_SANDBOX).toBe('off');
    // `PAYMENTS_SANDBOX=` is unset, as billing reads it.
    expect(serviceEnvironment('billing', { ports, dataDir: '/d', parentEnv: { PAYMENTS_SANDBOX: '' } }).PAYMENTS_SANDBOX).toBe('on');
  });

  it("keeps the operator's NODE_ENV", () => {
    expect(serviceEnvironment('chat', { ports, dataDir: '/d', parentEnv: { NODE_ENV: 'development' } }).NODE_ENV).toBe('development');
  });
});
