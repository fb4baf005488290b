import { describe, expect, it } from 'vitest';
import { ApiError } from '@keisha/contracts';
import { SUPPORT_REPLY_MAX, SUPPORT_TEXT } from '@keisha/contracts/identity';
import { answeredMeanwhile, textPreview, planLabel, replyErrorField, replyErrors, replyLink, supportRequestsPath } from './support-requests.ts';

describe('support requests in the console', () => {
  it('asks for one status a page at a time', () => {
    expect(supportRequestsPath(2, 'answered')).toBe('/api/identity/admin/support/requests?status=answered&page=2&page_size=50');
  });

  it('replies to the sender with the subject, escaped for a mailto link', () => {
    expect(replyLink({ email: 'a@example.org', subject: 'Why & how?' })).toBe('mailto:a@example.org?subject=Re%3A%20Why%20%26%20how%3F');
  });

  it('names the plan, an unknown plan kept as priority, and free', () => {
    expect(planLabel({ plan: 'Decoder Monthly', priority: true })).toBe('Decoder Monthly');
    expect(planLabel({ plan: null, priority: true })).toBe('Unknown (billing could not say)');
    expect(planLabel({ plan: null, priority: false })).toBe('Free');
  });
});

describe("the console's answer", () => {
  it("is checked with identity's rules before it is sent", () => {
    expect(replyErrors({ reply: '' })).toEqual({ reply: SUPPORT_TEXT.blankReply });
    expect(replyErrors({ reply: ' \u200b\n' })).toEqual({ reply: SUPPORT_TEXT.blankReply });
    expect(replyErrors({ reply: 'x'.repeat(SUPPORT_REPLY_MAX + 1) })).toEqual({ reply: SUPPORT_TEXT.replyTooLong });
    expect(replyErrors({ reply: 'x'.repeat(SUPPORT_REPLY_MAX) })).toEqual({});
  });

  it('puts a refusal naming the reply under the field, and asks for the list again when it was answered first', () => {
    expect(replyErrorField(new ApiError(400, 'VALIDATION', 'Write your reply', { field: 'reply' }))).toBe('reply');
    expect(replyErrorField(new ApiError(409, 'ALREADY_ANSWERED', 'Answered'))).toBeUndefined();
    expect(answeredMeanwhile(new ApiError(409, 'ALREADY_ANSWERED', 'Answered'))).toBe(true);
    expect(answeredMeanwhile(new ApiError(404, 'NOT_FOUND', 'No such support request'))).toBe(true);
    expect(answeredMeanwhile(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(false);
  });
});

describe("an answer in the Answered list", () => {
  const limit = { chars: 40, lines: 2 };

  it('is shown whole when it is short', () => {
    expect(textPreview('Yours is fine.', limit)).toBeNull();
    expect(textPreview('One line.\nTwo lines.', limit)).toBeNull();
    expect(textPreview('x'.repeat(40), limit)).toBeNull();
  });

  it('is cut after a word near the limit when it is long', () => {
    expect(textPreview('Exports of long histories take a minute and yours is fine.', limit)).toBe('Exports of long histories take a minute…');
    expect(textPreview('Exports of long histories take about one minute.', limit)).toBe('Exports of long histories take about one…');
    expect(textPreview('Exports of long histories take about eleven minutes.', limit)).toBe('Exports of long histories take about…');
    expect(textPreview('x'.repeat(41), limit)).toBe(`${'x'.repeat(40)}…`);
  });

  it('keeps its first lines only when it has many', () => {
    expect(textPreview('Hello,\nyours is fine.\nRegards,\nKeisha', limit)).toBe('Hello,\nyours is fine.…');
  });

  it('never keeps half of an emoji', () => {
    const preview = textPreview(`${'x'.repeat(39)}😀 and more`, limit)!;
    expect(preview).toBe(`${'x'.repeat(39)}…`);
  });

  it('shows a few lines of a long answer by default', () => {
    const long = 'word '.repeat(100).trim();
    const preview = textPreview(long)!;
    expect(preview.endsWith('word…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(241);
    expect(textPreview('a\nb\nc\nd')).toBeNull();
    expect(textPreview('a\nb\nc\nd\ne')).toBe('a\nb\nc\nd…');
  });
});
