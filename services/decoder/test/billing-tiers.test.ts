import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';
import { billingTiers } from '../src/plugins/billing-tiers.ts';

// The tier lookup against the real billing service, as a process, trusting the real identity's keys.
describe('decoder tiers from billing', () => {
  let identity: IdentityProcess;
  let billing: ChildProcess;
  let billingUrl = '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-billing-for-decoder-'));
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    identity = await startIdentityProcess();
    const port = 4700 + Math.floor(Math.random() * 200);
    billingUrl = `http://127.0.0.1:${port}`;
    billing = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../billing/src/server.ts')], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', IDENTITY_URL: identity.url, LOG_LEVEL: 'error' },
      stdio: 'ignore',
    });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${billingUrl}/health/ready`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  });
  afterAll(async () => {
    billing.kill('SIGTERM');
    await new Promise((resolve) => billing.once('exit', resolve));
    await identity.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks billing with the reader’s own token, and reads their plan', async () => {
    const token = await identity.tokenFor('user');
    const lookup = billingTiers(billingUrl, log);
    expect(await lookup('someone', `Bearer ${token}`)).toBe('free');
    expect(warnings).toEqual([]);
  });

  it('counts the reader as free, and says so, when billing refuses or is unreachable', async () => {
    expect(await billingTiers(billingUrl, log)('someone', 'Bearer forged')).toBe('free');
    expect(await billingTiers('http://127.0.0.1:9', log)('someone', 'Bearer x')).toBe('free');
    expect(warnings).toHaveLength(2);
  });
});
