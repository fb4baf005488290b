import { z } from 'zod';
import { pagedResponse, pagingQuery } from '../common.ts';
import { isBlankText } from '../text.ts';
import { SUPPORT_MESSAGE_MAX, SUPPORT_REPLY_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXT } from './support.ts';

export const supportRequestBody = z
  .object({
    subject: z
      .string({ error: SUPPORT_TEXT.blankSubject })
      .max(SUPPORT_SUBJECT_MAX, { error: SUPPORT_TEXT.subjectTooLong })
      .refine((text) => !isBlankText(text), { error: SUPPORT_TEXT.blankSubject })
      .transform((text) => text.trim()),
    message: z
      .string({ error: SUPPORT_TEXT.blankMessage })
      .max(SUPPORT_MESSAGE_MAX, { error: SUPPORT_TEXT.messageTooLong })
      .refine((text) => !isBlankText(text), { error: SUPPORT_TEXT.blankMessage })
      .transform((text) => text.trim()),
  })
  .strict();

export const supportRequest = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  priority: z.boolean(),
  plan: z.string().nullable(),
  status: z.enum(['open', 'answered']),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  reply: z.string().nullable(),
});
export const adminSupportRequest = supportRequest.extend({ email: z.string(), user_id: z.string() });

export const supportRequestResponse = z.object({ success: z.literal(true), request: supportRequest });
export const supportRequestsQuery = pagingQuery(50, 20);
/** What the reader's plan gives now: priority and the plan's label (priority with no label: billing could not say). */
export const supportLevel = z.object({ priority: z.boolean(), plan: z.string().nullable() });
export const supportRequestsResponse = pagedResponse('requests', supportRequest).extend({ level: supportLevel });

export const adminSupportRequestsQuery = pagingQuery(100, 50).extend({
  status: z.enum(['open', 'answered'], { error: 'status is open or answered' }).default('open'),
});
export const adminSupportRequestsResponse = pagedResponse('requests', adminSupportRequest);
export const adminSupportRequestParams = z.object({ id: z.uuid({ error: 'Not a support request id' }) });
export const adminSupportRequestResponse = z.object({ success: z.literal(true), request: adminSupportRequest });

/** An administrator's answer to a request, written in the console (kept as typed, ends trimmed). */
export const adminSupportReplyBody = z
  .object({
    reply: z
      .string({ error: SUPPORT_TEXT.blankReply })
      .max(SUPPORT_REPLY_MAX, { error: SUPPORT_TEXT.replyTooLong })
      .refine((text) => !isBlankText(text), { error: SUPPORT_TEXT.blankReply })
      .transform((text) => text.trim()),
  })
  .strict();
