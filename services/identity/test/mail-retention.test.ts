// The outbox's retention on both databases: bodies of messages sent or given up on before MAIL_BODY_RETENTION_DAYS
// are emptied, in batches, while their rows (recipient, subject, kind, state, dates) stay; pending messages and
// recent ones keep theirs. Then the same through a running identity, whose timer does it by itself.
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { outboxRepository } from '../src/mail/outbox.ts';
import { createMailRetention } from '../src/mail/retention.ts';
import { identityAppsForSuite } from './helpers.ts';
import { waitFor } from './smtp.ts';

const targets = await databaseTargets();
const DAY = 24 * 60 * 60 * 1000;
const silent = { info() {}, warn() {}, error() {} } as never;

describe.each(targets)('mail retention on $kind', (target) => {
  const base = identityAppsForSuite(target);
  const db = () => base.database.db;

  async function message(key: string, status: 'pending' | 'sent' | 'failed', ageDays: number) {
    const at = new Date(Date.now() - ageDays * DAY);
    await db()
      .insertInto('mail_outbox')
      .values({ dedupe_key: key, kind: 'receipt', recipient: `${key}@example.org`, subject: `Subject ${key}`, text_body: `text ${key}`, html_body: `<p>${key}</p>`, headers: '{"X-A":"b"}', status, created_at: at, next_attempt_at: at, sent_at: status === 'sent' ? at : null })
      .execute();
  }
  const rows = async () =>
    Object.fromEntries(
      (await db().selectFrom('mail_outbox').select(['dedupe_key', 'subject', 'status', 'text_body', 'html_body', 'headers']).where('dedupe_key', 'like', 'r-%').execute()).map((r) => [r.dedupe_key, r]),
    );

  it('empties the bodies of old sent and failed messages in batches, and keeps their rows, pending ones and recent ones', async () => {
    await base.start(); // migrations
    for (let i = 0; i < 7; i++) await message(`r-old-sent-${i}`, 'sent', 40 + i);
    await message('r-old-failed', 'failed', 31);
    await message('r-old-pending', 'pending', 45);
    await message('r-recent-sent', 'sent', 29);
    const retention = createMailRetention(outboxRepository(db()), { retentionDays: 30, everyMs: 60_000, timer: false, batch: 3, maxBatches: 2 }, silent);

    expect(await retention.runOnce()).toBe(6); // two batches of three: the rest waits for the next run
    expect(await retention.runOnce()).toBe(2);
    expect(await retention.runOnce()).toBe(0);

    const after = await rows();
    for (const key of [...Array.from({ length: 7 }, (_, i) => `r-old-sent-${i}`), 'r-old-failed']) {
      expect(after[key]).toEqual({ dedupe_key: key, subject: `Subject ${key}`, status: key.includes('failed') ? 'failed' : 'sent', text_body: '', html_body: '', headers: null });
    }
    expect(after['r-old-pending']).toMatchObject({ text_body: 'text r-old-pending', html_body: '<p>r-old-pending</p>', headers: '{"X-A":"b"}' });
    expect(after['r-recent-sent']).toMatchObject({ text_body: 'text r-recent-sent', html_body: '<p>r-recent-sent</p>' });
  });

  it('runs by itself in a running identity', async () => {
    await base.start();
    await message('r-due', 'sent', 3);
    await message('r-kept', 'sent', 1);
    await base.start({ MAIL_RETENTION_ENABLED: 'true', MAIL_BODY_RETENTION_DAYS: '2', MAIL_RETENTION_POLL_MS: '100' });
    await waitFor(async () => (await rows())['r-due']?.text_body === '', 10_000, 'the due body emptied');
    expect((await rows())['r-kept']?.text_body).toBe('text r-kept');
  });
});
