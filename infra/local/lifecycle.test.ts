// The processes as an operator meets them: real service processes and the real launcher.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '@keisha/service-kit/testing';
import { tempDirsForFile } from './testing.ts';
import { REPO_ROOT } from './topology.ts';

const IDENTITY = path.join(REPO_ROOT, 'services', 'identity', 'src', 'server.ts');
const tempDir = tempDirsForFile('keisha-lifecycle-');


function exitOf(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

function startIdentity(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [IDENTITY], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('a service process', () => {
  it('keeps its data across a restart, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = String(await freePort());
    // An account made before the restart signs in after it (the waitlist answers a repeat join like a first one).
    const account = { email: 'restart@example.org', password: 'a restart keeps the lanterns lit 2026' };
    const post = (route: string) =>
      fetch(`http://127.0.0.1:${port}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });

    // The first run registers and stops on SIGTERM; the second, on the same folder, signs in and stops on SIGINT.
    const runs = [['/api/bias-auth/register', 201, 'SIGTERM'], ['/api/bias-auth/login', 200, 'SIGINT']] as const;
    for (const [route, status, signal] of runs) {
      const child = startIdentity({ PORT: port, DATA_DIR: dataDir });
      const exit = exitOf(child);
      await waitFor(`http://127.0.0.1:${port}/health/ready`);
      expect((await post(route)).status, route).toBe(status);
      child.kill(signal);
      expect((await exit).code, signal).toBe(0);
    }
  }, 120_000);

  it.each([
    [{ PORT: 'eighty' }, /PORT: /],
    [{ PORT: '4999', DATABASE_URL: 'mysql://nope' }, /DATABASE_URL: /],
    [{ PORT: '4999', LOG_LEVEL: 'loud' }, /LOG_LEVEL: /],
  ])('refuses to start with %j and names the variable', async (env, expected) => {
    const { code, output } = await exitOf(startIdentity({ DATA_DIR: tempDir(), ...env }));
    expect(code).toBe(78);
    expect(output).toMatch(/Invalid configuration/);
    expect(output).toMatch(expected);
  });
});

describe('the launcher (npm start)', () => {
  it('prints one URL when everything is ready, serves the site, restarts a killed service, and stops everything on Ctrl-C', async () => {
    const base = 3600;
    const launcher = spawn(process.execPath, [path.join(REPO_ROOT, 'infra', 'local', 'start.ts')], {
      env: { ...process.env, KEISHA_PORT: String(base), KEISHA_DATA_DIR: tempDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exit = exitOf(launcher);
    let output = '';
    launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 150_000;
    while (!output.includes('Keisha is running at') && Date.now() < deadline && launcher.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(output).toContain(`Keisha is running at http://localhost:${base}`);
    expect(output.match(/http:\/\/localhost:\d+/g)).toHaveLength(1);

    const page = await fetch(`http://127.0.0.1:${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const remotes = await (await fetch(`http://127.0.0.1:${base}/remotes.json`)).json();
    expect(Object.keys(remotes).sort()).toEqual(['account', 'chat', 'decoder', 'marketing']);
    for (const port of [base + 1001, base + 1002, base + 1003, base + 1004]) {
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
    }
    // The gateway proxies by owner, and says so when a path has none.
    expect((await fetch(`http://127.0.0.1:${base}/api/nothing-here`)).status).toBe(404);

    // A service killed outright is started again by the launcher (its process found with pgrep and ps).
    const children = execFileSync('pgrep', ['-P', String(launcher.pid)], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    const identity = children.find((pid) => execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).includes(path.join('services', 'identity')));
    process.kill(identity!, 'SIGKILL');
    while (!output.includes('service:identity is answering again') && Date.now() < deadline + 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(output).toMatch(/service:identity stopped unexpectedly \(signal SIGKILL\); restarting in 0\.5 s/);
    expect((await fetch(`http://127.0.0.1:${base + 1001}/health/ready`)).status).toBe(200);

    launcher.kill('SIGINT');
    const { code } = await exit;
    expect(code).toBe(0);
    for (const port of [base, base + 1, base + 4, base + 1001, base + 1004]) {
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    }
  }, 260_000);
});
