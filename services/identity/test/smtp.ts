// A real SMTP server on a free loopback port that keeps what it receives (or refuses it), for mail tests.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  port: number;
  received: ParsedMail[];
  /** When each message was offered (MAIL FROM), refused or not. */
  attempts: number[];
  refuse: boolean;
  /** How long the server takes over each message before it answers (a slow mail server); 0 unless a test sets it. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startSmtp(options: { refuse?: boolean; port?: number } = {}): Promise<TestSmtp> {
  const state: TestSmtp = { url: '', port: 0, received: [], attempts: [], refuse: options.refuse ?? false, delayMs: 0, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      state.attempts.push(Date.now());
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) =>
            setTimeout(() => {
              state.received.push(parsed);
              callback();
            }, state.delayMs),
          (error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  state.port = port;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** Waits until `check` holds, polling every 10 ms, or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
