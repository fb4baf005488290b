import { describe, expect, it } from 'vitest';
import { SUPPORT_TEXT } from '@keisha/contracts/identity';
import { levelText, receivedText, supportFormErrors } from './support-form.ts';

describe('the support form', () => {
  it('refuses blank and oversized fields with the service’s words', () => {
    expect(supportFormErrors({ subject: ' \u200b', message: '\n' })).toEqual({ subject: SUPPORT_TEXT.blankSubject, message: SUPPORT_TEXT.blankMessage });
    expect(supportFormErrors({ subject: 'x'.repeat(151), message: 'y'.repeat(5001) })).toEqual({ subject: SUPPORT_TEXT.subjectTooLong, message: SUPPORT_TEXT.messageTooLong });
    expect(supportFormErrors({ subject: 'x'.repeat(150), message: 'fine' })).toEqual({ subject: undefined, message: undefined });
  });

  it('says priority with the plan’s name, priority without one when billing could not say, and the standard time', () => {
    expect(levelText({ priority: true, plan: 'Decoder Annual' })).toBe("Priority support: your Decoder Annual plan's requests are answered first, within one business day.");
    expect(levelText({ priority: true, plan: null })).toBe('Priority support: your requests are answered first, within one business day.');
    expect(levelText({ priority: false, plan: null })).toBe('We answer requests within three business days.');
    expect(receivedText(true)).toContain('within one business day');
    expect(receivedText(false)).toContain('within three business days');
  });
});
