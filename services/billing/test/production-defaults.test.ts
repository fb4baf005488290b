// Safe defaults in production (issue 29, item 5): the sandbox provider grants any plan for free, so a deployment
// with NODE_ENV=production never runs it unless PAYMENTS_SANDBOX=on asks for it by name, and then says so at start;
// a value that is neither on nor off stops billing with EX_CONFIG (78), naming the variable.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase, type TestDatabase } from '@keisha/service-kit/testing';
import { buildBillingApp } from '../src/app.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { PRODUCTION_SANDBOX_WARNING } from '../src/domain/sandbox-setting.ts';
import { billingConfigSchema } from '../src/env.ts';

const SERVER = path.join(import.meta.dirname, '..', 'src', 'server.ts');
const targets = await databaseTargets();

describe.each(targets)('the sandbox in production on $kind', (target) => {
  let database: TestDatabase<any>;
  beforeAll(async () => {
    database = await openTestDatabase<any>(target, migrations);
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  /** Billing as it starts with this environment: its payment options and what it logged at start. */
  async function billingWith(env: Record<string, string>) {
    const lines: Array<{ level: number; msg: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = billingConfigSchema.parse({ PORT: '0', LOG_LEVEL: 'info', ...env });
    const app = await buildBillingApp(config, { ...database, close: async () => {} }, { level: 'info', stream });
    await app.ready();
    const options = (await app.inject({ method: 'GET', url: '/api/billing/payment-options' })).json();
    await app.close();
    return { options, warnings: lines.filter((line) => line.level === 40).map((line) => line.msg) };
  }

  it('is off when unset with NODE_ENV=production', async () => {
    const { options, warnings } = await billingWith({ NODE_ENV: 'production' });
    expect(options).toMatchObject({ sandbox: false, bitcoin: null });
    expect(warnings).not.toContain(PRODUCTION_SANDBOX_WARNING);
  });

  it('is on when unset outside production (npm start, tests), without a warning', async () => {
    for (const env of [{}, { NODE_ENV: 'development' }] as Array<Record<string, string>>) {
      const { options, warnings } = await billingWith(env);
      expect(options).toMatchObject({ sandbox: true, bitcoin: { provider: 'sandbox' } });
      expect(warnings).not.toContain(PRODUCTION_SANDBOX_WARNING);
    }
  });

  it('runs in production when asked for by name, and warns at start', async () => {
    const { options, warnings } = await billingWith({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' });
    expect(options).toMatchObject({ sandbox: true, bitcoin: { provider: 'sandbox' } });
    expect(warnings).toContain(PRODUCTION_SANDBOX_WARNING);
  });

  it('stays off when turned off', async () => {
    expect((await billingWith({ PAYMENTS_SANDBOX: 'off' })).options).toMatchObject({ sandbox: false });
  });
});

describe('a PAYMENTS_SANDBOX that is neither on nor off', () => {
  it.each(['yes', 'ON'])('%j stops the process with code 78, naming the variable', async (value) => {
    const child = spawn(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', NODE_ENV: 'production', PAYMENTS_SANDBOX: value },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(stderr).toContain('PAYMENTS_SANDBOX');
    expect(stderr).toMatch(/must be "on" or "off"/);
  }, 30_000);
});
