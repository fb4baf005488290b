// The support form's own checks: the same rules as identity's (contracts), so the page never sends what the
// service refuses.
import { isBlankText } from '@keisha/contracts';
import { SUPPORT_MESSAGE_MAX, SUPPORT_REPLY_TIME, SUPPORT_SUBJECT_MAX, SUPPORT_TEXT, type SupportLevel } from '@keisha/contracts/identity';

export interface SupportFormValues {
  subject: string;
  message: string;
}

export function supportFormErrors(values: SupportFormValues): Partial<Record<keyof SupportFormValues, string>> {
  return {
    subject: isBlankText(values.subject) ? SUPPORT_TEXT.blankSubject : values.subject.length > SUPPORT_SUBJECT_MAX ? SUPPORT_TEXT.subjectTooLong : undefined,
    message: isBlankText(values.message) ? SUPPORT_TEXT.blankMessage : values.message.length > SUPPORT_MESSAGE_MAX ? SUPPORT_TEXT.messageTooLong : undefined,
  };
}

/** What the section says about the reader's plan before a request is sent. */
export function levelText(level: SupportLevel): string {
  if (!level.priority) return SUPPORT_TEXT.standard;
  return level.plan ? SUPPORT_TEXT.priority(level.plan) : SUPPORT_TEXT.priorityPlanUnknown;
}

/** The receipt once a request is stored: when to expect the answer, as the mailed receipt says. */
export function receivedText(priority: boolean): string {
  return SUPPORT_TEXT.received(priority ? SUPPORT_REPLY_TIME.priority : SUPPORT_REPLY_TIME.standard);
}
