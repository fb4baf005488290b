// `npm run dev` and mail: when the dev-only package `maildev` is installed, the launcher starts it (an SMTP
// catcher with a web inbox, both on loopback) and points identity's SMTP_URL at it, so every message the
// site sends (verification, password reset, the daily newsletter...) can be read in a browser. Without the
// package, or with SMTP_URL already set, or KEISHA_MAILDEV=off, nothing changes: identity keeps every message
// as an .eml file in .data/mail and on the admin Outbox page, as with `npm start`.
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { spawnTiedNode } from './child-processes.ts';

export type DevMailPlan =
  | { kind: 'off'; reason: string }
  | { kind: 'maildev'; bin: string; smtpPort: number; webPort: number };

/**
 * What `npm run dev` does about mail. maildev's own default ports (SMTP 1025, web 1080) for the default
 * KEISHA_PORT 3000, moved with it (KEISHA_PORT 3800: 1825 and 1880); MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT win.
 */
export function devMailPlan({ basePort, env, maildevBin }: { basePort: number; env: NodeJS.ProcessEnv; maildevBin: string | undefined }): DevMailPlan {
  if ((env.KEISHA_MAILDEV ?? '').toLowerCase() === 'off') return { kind: 'off', reason: 'KEISHA_MAILDEV=off' };
  if (env.SMTP_URL) return { kind: 'off', reason: 'SMTP_URL is set' };
  if (!maildevBin) return { kind: 'off', reason: 'maildev is not installed (npm install -D maildev@3.0.0 -w @keisha/infra adds it)' };
  const port = (name: string, fallback: number) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isInteger(value) || value < 1 || value > 65_535) throw new Error(`${name} must be a port number, got "${env[name]}"`);
    return value;
  };
  return { kind: 'maildev', bin: maildevBin, smtpPort: port('MAILDEV_SMTP_PORT', 1025 + (basePort - 3000)), webPort: port('MAILDEV_WEB_PORT', 1080 + (basePort - 3000)) };
}

/**
 * maildev's command-line script, when the package is installed: found in the node_modules folders above `from`
 * (its package.json is not among the files its `exports` lets `require.resolve` find).
 */
export function findMaildev(from = import.meta.dirname): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', 'maildev', 'package.json');
    if (existsSync(manifest)) {
      const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
      const script = typeof bin === 'string' ? bin : bin?.maildev;
      return script ? path.join(path.dirname(manifest), script) : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

export interface DevMail {
  /** For every service (only identity reads it). */
  serviceEnv: NodeJS.ProcessEnv;
  /** The line the launcher prints. */
  description: string;
  stop(): Promise<void>;
}

async function accepts(port: number): Promise<boolean> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  try {
    await Promise.race([once(socket, 'connect'), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 500))]);
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/** Starts maildev when the plan says so; resolves to null (messages stay files) when it is off or fails to start. */
export async function startDevMail(plan: DevMailPlan, log: (line: string) => void, timeoutMs = 20_000): Promise<DevMail | null> {
  if (plan.kind === 'off') {
    log(`Mail: kept as .eml files in .data/mail and on the admin Outbox page (${plan.reason}).`);
    return null;
  }
  // Loopback only: maildev has no sign-in, and what it catches is the site's mail.
  const child: ChildProcess = spawnTiedNode([plan.bin, '--smtp', String(plan.smtpPort), '--web', String(plan.webPort), '--ip', '127.0.0.1'], { env: process.env, output: 'pipe' });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (!exited && Date.now() < deadline && !(await accepts(plan.smtpPort))) await new Promise((resolve) => setTimeout(resolve, 200));
  if (exited || !(await accepts(plan.smtpPort))) {
    child.kill();
    log(`Mail: maildev did not start on port ${plan.smtpPort}; messages are kept as .eml files in .data/mail instead.`);
    return null;
  }
  return {
    serviceEnv: { SMTP_URL: `smtp://127.0.0.1:${plan.smtpPort}` },
    description: `Mail: maildev catches every message; read them at http://localhost:${plan.webPort} (SMTP on 127.0.0.1:${plan.smtpPort}).`,
    async stop() {
      if (exited) return;
      child.kill();
      await once(child, 'exit').catch(() => {});
    },
  };
}
