import { describe, expect, it } from 'vitest';
import { canSendAgain, countText, kindLabel, messagesLabel, outboxPath, statusTone, sumCounts } from './outbox.ts';

describe('the outbox page’s requests and labels', () => {
  it('asks for one page, of one status when filtered', () => {
    expect(outboxPath(1)).toBe('/api/identity/admin/outbox?page=1&page_size=20');
    expect(outboxPath(3, 'failed')).toBe('/api/identity/admin/outbox?page=3&page_size=20&status=failed');
    expect(outboxPath(1, 'pending', 1)).toBe('/api/identity/admin/outbox?page=1&page_size=1&status=pending');
  });

  it('names the kinds it knows and shows the others as identity names them', () => {
    expect(kindLabel('verify-email')).toBe('Address confirmation');
    expect(kindLabel('support-reply')).toBe('Support answer');
    expect([kindLabel('receipt'), kindLabel('plan-cancelled'), kindLabel('refund')]).toEqual(['Payment receipt', 'Plan will not renew', 'Refund notice']);
    expect(kindLabel('account-deleted')).toBe('Account deleted notice');
    expect(kindLabel('something-new')).toBe('something-new');
  });

  it('colours sent and failed apart (the word still says it)', () => {
    expect([statusTone('sent'), statusTone('failed'), statusTone('pending')]).toEqual(['success', 'danger', 'neutral']);
  });
});

describe('canSendAgain', () => {
  it('is for failed messages whose text is still kept', () => {
    expect(canSendAgain({ status: 'failed', body_kept: true })).toBe(true);
    expect(canSendAgain({ status: 'failed', body_kept: false })).toBe(false);
    expect(canSendAgain({ status: 'sent', body_kept: true })).toBe(false);
    expect(canSendAgain({ status: 'pending', body_kept: true })).toBe(false);
  });
});

describe('counts identity stopped at its cap', () => {
  it('says "+" where a count is a floor, and adds the statuses up for "All"', () => {
    expect(countText({ count: 10_000, capped: true })).toBe('10,000+');
    expect(countText({ count: 1234, capped: false })).toBe('1,234');
    expect(messagesLabel({ count: 1, capped: false })).toBe('1 message');
    expect(messagesLabel({ count: 3, capped: false })).toBe('3 messages');
    expect(messagesLabel({ count: 10_000, capped: true })).toBe('10,000+ messages');
    expect(sumCounts([{ count: 2, capped: false }, { count: 10_000, capped: true }, { count: 1, capped: false }])).toEqual({ count: 10_003, capped: true });
    expect(sumCounts([{ count: 2, capped: false }, { count: 5, capped: false }])).toEqual({ count: 7, capped: false });
  });
});
