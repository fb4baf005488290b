// The chat service as a real process (src/server.ts, as the launcher and Kubernetes run it), which a test can
// kill with any signal and start again on the same database and port: what a crash and a restart look like.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '..', 'src', 'server.ts');

export interface ChatProcess {
  url: string;
  /** When /health/ready first answered (performance.now()). */
  readyAt: number;
  /** What it wrote on stdout and stderr (its JSON log lines). */
  output(): string;
  /** Sends `signal` and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts the service with `env` added to this process's (a plan fixed or billing named here is removed). */
export async function startChatProcess(env: Record<string, string>): Promise<ChatProcess> {
  const inherited = { ...process.env };
  delete inherited.DEFAULT_CHAT_TIER;
  delete inherited.BILLING_URL;
  const child: ChildProcess = spawn(process.execPath, [SERVER], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const url = `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`chat exited (${child.exitCode}): ${output}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`chat did not start within 60 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, readyAt: performance.now(), output: () => output, kill };
}
