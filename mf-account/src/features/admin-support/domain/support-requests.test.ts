import { describe, expect, it } from 'vitest';
import { planLabel, replyLink, supportRequestsPath } from './support-requests.ts';

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
