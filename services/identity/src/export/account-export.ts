// A reader's copy of their data (GET /api/auth/export-data; docs/identity.md, "Downloading your data"). identity
// reads its own rows about the account and asks the decoder, the chat and billing for theirs over their internal
// export routes (internal token), all at once. The file is whole or not at all: when one service cannot answer, the
// reader gets 503 naming what could not be gathered, never a copy that silently lacks their conversations.
//
// A year of unlimited analyses is gigabytes, and a replica has 512 MiB: nothing here holds a reader's history. Each
// service streams its part a page at a time (accountExportLine); identity writes each part to its own file under the
// spool directory as it arrives (the service waits while the disk catches up), checks that it ended with its counts,
// and only then sends the reader one file read back from those pieces, removed once sent. A disk that cannot hold it
// is a 503 that says so.
//
// Never in the file: password and token hashes, one-time link tokens, and the bodies of the mail sent to the
// account (a reset or sign-in link in a mail body would still work while the file lies in a downloads folder); the
// mail is listed by kind, subject and dates instead.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { internalAccountExportPath as decoderPath } from '@keisha/contracts/decoder';
import { internalAccountExportPath as chatPath } from '@keisha/contracts/chat';
import { internalAccountExportPath as billingPath } from '@keisha/contracts/billing';
import type { AccountExportDocument } from '@keisha/contracts/identity/schemas';
import { ACCOUNT_EXPORT_STREAM_TYPE, accountExportLine, accountExportPart } from '@keisha/contracts/schemas';
import { AppError, INTERNAL_TOKEN_HEADER, tracedFetch } from '@keisha/service-kit';
import type { IdentityDatabase } from '../db/database.ts';

export type ExportingService = 'decoder' | 'chat' | 'billing';
export const EXPORTING_SERVICES: readonly ExportingService[] = ['decoder', 'chat', 'billing'];
const PATHS: Record<ExportingService, (userId: string) => string> = { decoder: decoderPath, chat: chatPath, billing: billingPath };
/** What the reader is told could not be gathered, by service. */
const WHAT: Record<ExportingService, string> = {
  decoder: 'Your News Decoder history and API keys',
  chat: 'Your chat conversations',
  billing: 'Your plans and payments',
};
export const EXPORT_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
export const EXPORT_FORMAT = 'keisha-account-export/1' as const;
/** When identity's own disk cannot hold the file (full, or not writable). */
export const EXPORT_DISK_MESSAGE = 'Keisha could not make room for your file just now. Nothing was downloaded; try again in a few minutes.';

type Section = AccountExportDocument['identity'];

export interface AccountExportDeps {
  db: Kysely<IdentityDatabase>;
  internalToken: () => string | undefined;
  log: FastifyBaseLogger;
}

export interface AccountExportPolicy {
  urls: Record<ExportingService, string>;
  /** A service silent this long while giving its part is given up (10 s). */
  timeoutMs?: number;
  /** Where files are written before they are sent (EXPORT_SPOOL_DIR; the system's temporary directory). */
  spoolDir?: string;
}

/** Dates as ISO strings, so the file reads the same from either database driver. */
function plain<Row extends Record<string, unknown>>(row: Row): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

/** identity's own rows about the account, read in one transaction so they agree; null when the account is gone. */
export async function identitySection(db: Kysely<IdentityDatabase>, userId: string): Promise<Section | null> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('users')
      .select(['id', 'email', 'role', 'email_verified_at', 'last_sign_in_at', 'disabled_at', 'created_at', 'updated_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!account) return null;
    const { email } = account;
    const profile = await trx.selectFrom('profiles').select(['username', 'avatar_url', 'website', 'updated_at']).where('id', '=', userId).execute();
    // One row per sign-in (a refresh-token family is one device's session, rotated on each refresh).
    const { rows: sessions } = await sql<{ signed_in_at: Date; last_refreshed_at: Date; expires_at: Date; ended_at: Date | null }>`
      select min(created_at) as signed_in_at, max(created_at) as last_refreshed_at, max(expires_at) as expires_at,
             max(revoked_at) as ended_at
      from refresh_tokens where user_id = ${userId} group by family_id order by min(created_at)`.execute(trx);
    const newsletter = await trx.selectFrom('newsletter_subscriptions').select(['subscribed', 'changed_at', 'changed_by']).where('user_id', '=', userId).execute();
    const newsletterMail = await trx
      .selectFrom('newsletter_deliveries')
      .select(['day', 'kind', 'subject', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const support = await trx
      .selectFrom('support_requests')
      .select(['id', 'email', 'subject', 'message', 'priority', 'plan', 'status', 'created_at', 'answered_at', 'reply'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const waitlist = await trx.selectFrom('waitlist').select(['email', 'created_at']).where('email', '=', email).execute();
    const addresses = await trx.selectFrom('login_known_addresses').select(['address', 'last_success_at']).where('email', '=', email).orderBy('last_success_at').execute();
    const verifications = await trx
      .selectFrom('email_verifications')
      .select(['email', 'created_at', 'expires_at', 'used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const links = await trx
      .selectFrom('account_links')
      .select(['purpose', 'email', 'new_email', 'created_at', 'expires_at', 'used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const mail = await trx
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'subject', 'status', 'created_at', 'sent_at'])
      .where('recipient', '=', email)
      .orderBy('created_at')
      .execute();
    return {
      account: [plain(account)],
      profile: profile.map(plain),
      sessions: sessions.map(plain),
      newsletter_subscription: newsletter.map(plain),
      newsletter_mail: newsletterMail.map(plain),
      support_requests: support.map(plain),
      waitlist: waitlist.map(plain),
      sign_in_addresses: addresses.map(plain),
      address_confirmations: verifications.map(plain),
      account_links: links.map(plain),
      mail: mail.map(plain),
    };
  });
}

/** A part that could not be written to identity's own disk (full, or not writable): not the service's fault. */
class SpoolWriteError extends Error {}

/**
 * A file written a piece at a time, waiting whenever the disk is behind; a write error (a full disk) is kept and
 * thrown by the next write or by `close`, never left as an unhandled 'error' event.
 */
function spoolWriter(file: string) {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  let failed: Error | undefined;
  out.on('error', (error) => {
    failed ??= error;
  });
  const check = () => {
    if (failed) throw new SpoolWriteError(failed.message, { cause: failed });
  };
  return {
    async write(text: string): Promise<void> {
      check();
      if (!out.write(text)) await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('error', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('error', done);
        out.on('close', done);
      });
      check();
    },
    async close(): Promise<void> {
      check();
      await new Promise<void>((resolve) => out.end(resolve));
      check();
    },
    destroy(): void {
      out.destroy();
    },
  };
}

/**
 * Writes a service's streamed part (accountExportLine, one page of rows a line) into `file` as the JSON object of its
 * section, `{"analyses":[...],...}`, row by row. Throws when the stream is cut (no last line), breaks the protocol
 * (a kind resumed after another began, a line that is not the contract's), or its counts disagree with its rows.
 */
export async function spoolStreamedPart(lines: AsyncIterable<string>, file: string, onLine: () => void = () => {}): Promise<void> {
  const out = spoolWriter(file);
  try {
    await out.write('{');
    const counts = new Map<string, number>();
    let current: string | undefined;
    let rowsInKind = 0;
    let ended = false;
    const openKind = async (kind: string) => {
      if (current !== undefined) await out.write('],');
      await out.write(`${JSON.stringify(kind)}:[`);
      current = kind;
      rowsInKind = 0;
    };
    for await (const text of lines) {
      onLine();
      if (text === '') continue;
      if (ended) throw new Error('the part went on after its last line');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        // Not the parser's message: it quotes the text, which is the reader's rows, into the log.
        throw new Error('a line of the part is not JSON');
      }
      const parsed = accountExportLine.safeParse(json);
      if (!parsed.success) throw new Error(`a line of the part is not the contract's: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      const line = parsed.data;
      if ('kind' in line) {
        if (line.kind !== current) {
          if (counts.has(line.kind)) throw new Error(`the part gave "${line.kind}" again after another kind`);
          counts.set(line.kind, 0);
          await openKind(line.kind);
        }
        for (const row of line.rows) {
          await out.write(`${rowsInKind > 0 ? ',' : ''}${JSON.stringify(row)}`);
          rowsInKind++;
        }
        counts.set(line.kind, counts.get(line.kind)! + line.rows.length);
        continue;
      }
      for (const [kind, sent] of counts) {
        if (line.counts[kind] !== sent) throw new Error(`the part sent ${sent} rows of "${kind}" but counted ${line.counts[kind] ?? 'none'}`);
      }
      for (const [kind, count] of Object.entries(line.counts)) {
        if (counts.has(kind)) continue;
        if (count !== 0) throw new Error(`the part counted ${count} rows of "${kind}" but sent none`);
        await openKind(kind);
      }
      await out.write(current === undefined ? '}' : ']}');
      ended = true;
    }
    if (!ended) throw new Error('the part was cut before its last line');
    await out.close();
  } catch (error) {
    out.destroy();
    throw error;
  }
}

/**
 * The lines of a byte stream, read a chunk at a time as they are consumed. (readline's iterator reads on regardless
 * and queues every line while the consumer waits on the disk: a long history piled up in memory.) A newline byte never
 * occurs inside a UTF-8 character, so lines are cut on bytes and decoded whole.
 */
export async function* linesOf(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  for await (const chunk of chunks) {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a)) {
      pending.push(bytes.subarray(0, at));
      yield Buffer.concat(pending).toString('utf8');
      pending = [];
      bytes = bytes.subarray(at + 1);
    }
    if (bytes.length > 0) pending.push(Buffer.from(bytes));
  }
  if (pending.length > 0) yield Buffer.concat(pending).toString('utf8');
}

/** The reader's file, written to disk: sent from there, then removed. */
export interface ExportFile {
  exportedAt: string;
  /** In bytes: the answer's content-length. */
  size: number;
  /** The file from its first byte, once. */
  open(): Readable;
  /** Removes what was written (after the answer, or when it is abandoned); twice is harmless. */
  discard(): Promise<void>;
}

export function createAccountExport(deps: AccountExportDeps, policy: AccountExportPolicy) {
  const idleMs = policy.timeoutMs ?? 10_000;
  const spoolRoot = policy.spoolDir ?? os.tmpdir();

  /** Asks one service for its part as a stream and writes it to `file`; a service silent for `idleMs` is given up. */
  async function spoolPart(service: ExportingService, userId: string, file: string): Promise<void> {
    const token = deps.internalToken();
    if (!token) throw new Error('no internal token to ask the services with');
    const controller = new AbortController();
    let idle: NodeJS.Timeout | undefined;
    const awake = () => {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(new Error(`${service} sent nothing for ${idleMs} ms`)), idleMs);
    };
    awake();
    try {
      const response = await tracedFetch(
        new URL(PATHS[service](userId), policy.urls[service]),
        { headers: { [INTERNAL_TOKEN_HEADER]: token, accept: `${ACCOUNT_EXPORT_STREAM_TYPE}, application/json;q=0.5` }, signal: controller.signal },
        { route: `/internal/${service}/accounts/:user_id/export` },
      );
      if (!response.ok || !response.body) throw new Error(`${service} answered ${response.status}`);
      if (!(response.headers.get('content-type') ?? '').startsWith(ACCOUNT_EXPORT_STREAM_TYPE)) {
        // A service from before the stream (during a rolling deploy) answers its part whole.
        const part = accountExportPart.parse(await response.json());
        const out = spoolWriter(file);
        try {
          await out.write(JSON.stringify(part.data));
          await out.close();
        } catch (error) {
          out.destroy();
          throw error;
        }
        return;
      }
      await spoolStreamedPart(linesOf(response.body), file, awake);
    } finally {
      clearTimeout(idle);
    }
  }

  return {
    /**
     * The whole file, written under the spool directory, or an error: 503 naming the parts that could not be gathered,
     * or saying the disk could not hold it. Nothing is left on disk after an error.
     */
    async exportAccount(userId: string): Promise<ExportFile> {
      let dir: string;
      try {
        dir = await mkdtemp(path.join(spoolRoot, 'keisha-export-'));
      } catch (error) {
        deps.log.error({ err: error, spoolRoot }, 'account export: the spool directory could not be made');
        throw new AppError(503, EXPORT_UNAVAILABLE, EXPORT_DISK_MESSAGE, undefined, { retryAfterSeconds: 60 });
      }
      const discard = () => rm(dir, { recursive: true, force: true }).catch((error: unknown) => deps.log.warn({ err: error, dir }, 'account export: the spool could not be removed'));
      try {
        const fileOf = (service: ExportingService) => path.join(dir, `${service}.json`);
        let diskFailed = false;
        const [own, ...parts] = await Promise.all([
          identitySection(deps.db, userId),
          ...EXPORTING_SERVICES.map((service) =>
            spoolPart(service, userId, fileOf(service)).then(
              () => null,
              (error: unknown) => {
                if (error instanceof SpoolWriteError) diskFailed = true;
                deps.log.warn({ err: error, userId, service }, 'account export: a service could not give its part');
                return service;
              },
            ),
          ),
        ]);
        if (!own) throw new AppError(401, 'UNAUTHENTICATED', 'This account no longer exists.');
        if (diskFailed) throw new AppError(503, EXPORT_UNAVAILABLE, EXPORT_DISK_MESSAGE, undefined, { retryAfterSeconds: 60 });
        const missing = parts.filter((part): part is ExportingService => part !== null);
        if (missing.length > 0) {
          throw new AppError(503, EXPORT_UNAVAILABLE, unavailableMessage(missing), { services: missing }, { retryAfterSeconds: 60 });
        }
        const exportedAt = new Date().toISOString();
        const head = Buffer.from(
          `${JSON.stringify({ success: true, format: EXPORT_FORMAT, exported_at: exportedAt, account_id: userId, identity: own }).slice(0, -1)}`,
        );
        const joints = EXPORTING_SERVICES.map((service) => Buffer.from(`,${JSON.stringify(service)}:`));
        const sizes = await Promise.all(EXPORTING_SERVICES.map(async (service) => (await stat(fileOf(service))).size));
        const size = head.length + joints.reduce((sum, joint) => sum + joint.length, 0) + sizes.reduce((sum, n) => sum + n, 0) + 1;
        return {
          exportedAt,
          size,
          open: () =>
            Readable.from(
              (async function* () {
                yield head;
                for (const [i, service] of EXPORTING_SERVICES.entries()) {
                  yield joints[i]!;
                  yield* createReadStream(fileOf(service));
                }
                yield Buffer.from('}');
              })(),
              { objectMode: false },
            ),
          discard,
        };
      } catch (error) {
        await discard();
        throw error;
      }
    },
  };
}
export type AccountExport = ReturnType<typeof createAccountExport>;

/** "Your chat conversations could not be gathered just now. ..." naming each missing part. */
export function unavailableMessage(missing: readonly ExportingService[]): string {
  const names = missing.map((service, index) => (index === 0 ? WHAT[service] : WHAT[service].replace(/^Your /, 'your ')));
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${list} could not be gathered just now. Nothing was downloaded; try again in a minute.`;
}
