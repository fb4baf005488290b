// Where messages go: an SMTP server when SMTP_URL is set, otherwise one .eml file per message in a folder.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailOutboxRow } from '../db/database.ts';

export interface MailTransport {
  /** Where messages go, for the log (never the SMTP password). */
  readonly description: string;
  send(row: MailOutboxRow): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  from: string;
  smtpUrl?: string;
  mailDir: string;
  /**
   * How long one message may hold its outbox lease (MAIL_LEASE_MS). The SMTP client's own waits are kept well inside
   * it: nodemailer's defaults (2 min to connect, 10 min of a silent socket) would let a stalled mail server hold a
   * message past its lease, and another replica would then send it again.
   */
  leaseMs?: number;
}

/** The SMTP client's waits for a lease: connecting and the greeting a quarter of it, a silent socket half (at most 10, 10 and 30 s). */
export function smtpTimeouts(leaseMs: number) {
  return { connectionTimeout: Math.min(10_000, leaseMs / 4), greetingTimeout: Math.min(10_000, leaseMs / 4), socketTimeout: Math.min(30_000, leaseMs / 2) };
}

const messageOf = (row: MailOutboxRow, from: string) => ({
  from,
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  // The same Message-ID on every attempt, so a receiver can drop a copy sent again after a lost reply.
  messageId: `<${row.id}@keisha.outbox>`,
  date: row.created_at,
  headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
});

export function createMailTransport(options: TransportOptions): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport({ url: options.smtpUrl, ...smtpTimeouts(options.leaseMs ?? 60_000) });
    const url = new URL(options.smtpUrl);
    return {
      description: `SMTP ${url.protocol}//${url.host}`,
      async send(row) {
        await smtp.sendMail(messageOf(row, options.from));
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${options.mailDir}`,
    async send(row) {
      const info = await stream.sendMail(messageOf(row, options.from));
      await mkdir(options.mailDir, { recursive: true });
      const name = `${row.created_at.toISOString().replace(/[:.]/g, '-')}-${row.kind}-${row.id}.eml`;
      const file = path.join(options.mailDir, name);
      // Written whole or not at all: a reader of the folder never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => stream.close(),
  };
}
