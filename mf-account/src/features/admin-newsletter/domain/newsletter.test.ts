import { describe, expect, it } from 'vitest';
import { draftErrors, emptyDraft, isEditable, runMessage, todayUtc } from './newsletter.ts';

const now = new Date('2026-11-27T23:30:00Z');

describe('admin newsletter drafts', () => {
  it('starts on today, UTC', () => {
    expect(emptyDraft(now)).toEqual({ day: '2026-11-27', subject: '', body: '', format: 'markdown' });
    expect(todayUtc(new Date('2026-11-28T00:10:00+02:00'))).toBe('2026-11-27');
  });

  it('names what is missing or wrong', () => {
    expect(draftErrors({ day: '', subject: ' ', body: '', format: 'text' }, now)).toEqual({ day: 'Choose a day', subject: 'Write a subject', body: 'Write the issue' });
    expect(draftErrors({ day: '2026-11-26', subject: 'x'.repeat(201), body: 'ok', format: 'text' }, now)).toEqual({ day: 'Choose today or a later day (UTC)', subject: 'At most 200 characters' });
    expect(draftErrors({ day: '2026-11-27', subject: 'Hello', body: 'Body', format: 'markdown' }, now)).toEqual({});
  });

  it('lets an issue be changed only before it went out', () => {
    const issue = { id: 'a', day: '2026-11-27', subject: 's', body: 'b', format: 'markdown' as const, created_at: '', updated_at: '', recipients: 0, sent: 0, pending: 0, failed: 0 };
    expect(isEditable(issue)).toBe(true);
    expect(isEditable({ ...issue, recipients: 2, pending: 2 })).toBe(false);
  });
});

describe('the notice after "Send today’s now"', () => {
  const run = { day: '2026-11-27', queued: 3, skipped: 1, complete: true, in_progress: false };
  it('says what the run queued, who was left out and whether readers wait for the next try', () => {
    expect(runMessage(run)).toBe('Today’s newsletter: 3 messages queued, 1 subscribed reader without a plan that includes it.');
    expect(runMessage({ ...run, queued: 1, skipped: 0, complete: false })).toBe('Today’s newsletter: 1 message queued; some readers could not be checked and are left for the next try.');
  });
  it('says a long list is still going out, and how far it got', () => {
    expect(runMessage({ ...run, queued: 1200, skipped: 40, complete: false, in_progress: true })).toBe(
      'Today’s newsletter is going out: 1,200 messages queued so far, 40 subscribed readers without a plan that includes it. It goes on without this page; Refresh shows how far it got.',
    );
  });
});
