// Our messages, each an MJML template with its plain-text part (see templates/render.ts for how values are
// filled in: escaped in the HTML, as is in the text). Wording: the spec gives none for mail.
import { defineTemplate, renderMail, type RenderedMail } from './templates/render.ts';

export { escapeHtml, type RenderedMail } from './templates/render.ts';

const note = (text: string) => `<mj-text font-size="14px" color="#6b6b6b">${text}</mj-text>`;
const heading = (text: string) => `<mj-text font-size="20px" font-weight="600" padding-bottom="10px">${text}</mj-text>`;
const button = (label: string) => `<mj-button href="{{link}}">${label}</mj-button>`;
const copyLink = note('Or copy this link into your browser:<br /><a href="{{link}}" style="color:#1f1f1f;word-break:break-all">{{link}}</a>');
const lines = (...parts: string[]) => parts.join('\n');

export const verifyEmailTemplate = defineTemplate({
  name: 'verify-email',
  names: ['email', 'link', 'validHours'],
  subject: 'Confirm your e-mail address for Keisha',
  preview: 'One click confirms {{email}}.',
  text: lines(
    'Welcome to Keisha.',
    '',
    'Please confirm that {{email}} is your address by opening this link:',
    '',
    '{{link}}',
    '',
    'The link works once and for {{validHours}} hours. If you did not sign up, you can ignore this message.',
    '',
    'Keisha',
  ),
  body: [
    heading('Welcome to Keisha'),
    '<mj-text>Please confirm that <strong>{{email}}</strong> is your address.</mj-text>',
    button('Confirm my address'),
    copyLink,
    note('The link works once and for {{validHours}} hours. If you did not sign up, you can ignore this message.'),
  ].join('\n'),
});

export const passwordResetTemplate = defineTemplate({
  name: 'password-reset',
  names: ['email', 'link', 'validMinutes'],
  subject: 'Reset your Keisha password',
  preview: 'A link to choose a new password, valid for {{validMinutes}} minutes.',
  text: lines(
    'Someone, probably you, asked to reset the password of the Keisha account {{email}}.',
    '',
    'Open this link to choose a new password:',
    '',
    '{{link}}',
    '',
    'The link works once and for {{validMinutes}} minutes. Setting a new password signs the account out on every device.',
    'If you did not ask for this, ignore this message: your password stays as it is.',
    '',
    'Keisha',
  ),
  body: [
    heading('Reset your password'),
    '<mj-text>Someone, probably you, asked to reset the password of the Keisha account <strong>{{email}}</strong>.</mj-text>',
    button('Choose a new password'),
    copyLink,
    note('The link works once and for {{validMinutes}} minutes. Setting a new password signs the account out on every device. If you did not ask for this, ignore this message: your password stays as it is.'),
  ].join('\n'),
});

/** After a reset by mail (`how` "with a reset link", every device signed out) or a change on /account (the device it was changed on stays signed in). */
export const passwordChangedTemplate = defineTemplate({
  name: 'password-changed',
  names: ['email', 'how', 'signedOut', 'when', 'resetUrl', 'support'],
  subject: 'Your Keisha password was changed',
  preview: 'If this was not you, reset it now.',
  text: lines(
    'The password of the Keisha account {{email}} was changed {{how}} on {{when}}, and {{signedOut}}.',
    '',
    'If this was not you, reset your password now: {{resetUrl}}',
    'and write to {{support}}.',
    '',
    'Keisha',
  ),
  body: [
    heading('Your password was changed'),
    '<mj-text>The password of the Keisha account <strong>{{email}}</strong> was changed {{how}} on {{when}}, and {{signedOut}}.</mj-text>',
    '<mj-text>If this was not you, <a href="{{resetUrl}}" style="color:#1f1f1f">reset your password now</a> and write to <a href="mailto:{{support}}" style="color:#1f1f1f">{{support}}</a>.</mj-text>',
  ].join('\n'),
});

/** After a reader deleted their account on /account: sent to the address the account had. */
export const accountDeletedTemplate = defineTemplate({
  name: 'account-deleted',
  names: ['email', 'when', 'support'],
  subject: 'Your Keisha account was deleted',
  preview: 'What it held is being erased.',
  text: lines(
    'The Keisha account {{email}} was deleted on the account page on {{when}}.',
    '',
    'Its analysis history, conversations, API keys, newsletter subscription and support requests are being erased,',
    'and any plan has stopped and will not renew. Payment records are kept for accounting, without your name or address.',
    '',
    'If you did not do this, write to {{support}}.',
    '',
    'Keisha',
  ),
  body: [
    heading('Your account was deleted'),
    '<mj-text>The Keisha account <strong>{{email}}</strong> was deleted on the account page on {{when}}.</mj-text>',
    '<mj-text>Its analysis history, conversations, API keys, newsletter subscription and support requests are being erased, and any plan has stopped and will not renew. Payment records are kept for accounting, without your name or address.</mj-text>',
    '<mj-text>If you did not do this, write to <a href="mailto:{{support}}" style="color:#1f1f1f">{{support}}</a>.</mj-text>',
  ].join('\n'),
});

/** An administrator deleted the account from the console (src/erasure/delete-account.ts). */
export const accountDeletedByAdministratorTemplate = defineTemplate({
  name: 'account-deleted-by-administrator',
  names: ['email', 'when', 'support'],
  subject: 'Your Keisha account was deleted',
  preview: 'An administrator deleted it; what it held is being erased.',
  text: lines(
    'The Keisha account {{email}} was deleted by a Keisha administrator on {{when}}.',
    '',
    'Its analysis history, conversations, API keys, newsletter subscription and support requests are being erased,',
    'and any plan has stopped and will not renew. Payment records are kept for accounting, without your name or address.',
    '',
    'If you did not ask for this, or have a question about it, write to {{support}}.',
    '',
    'Keisha',
  ),
  body: [
    heading('Your account was deleted'),
    '<mj-text>The Keisha account <strong>{{email}}</strong> was deleted by a Keisha administrator on {{when}}.</mj-text>',
    '<mj-text>Its analysis history, conversations, API keys, newsletter subscription and support requests are being erased, and any plan has stopped and will not renew. Payment records are kept for accounting, without your name or address.</mj-text>',
    '<mj-text>If you did not ask for this, or have a question about it, write to <a href="mailto:{{support}}" style="color:#1f1f1f">{{support}}</a>.</mj-text>',
  ].join('\n'),
});

export const emailChangeTemplate = defineTemplate({
  name: 'email-change',
  names: ['oldEmail', 'newEmail', 'link', 'validHours'],
  subject: 'Confirm your new e-mail address for Keisha',
  preview: 'One click moves your account to {{newEmail}}.',
  text: lines(
    'You asked to use {{newEmail}} for your Keisha account (now {{oldEmail}}).',
    '',
    'Open this link to confirm the new address:',
    '',
    '{{link}}',
    '',
    'The link works once and for {{validHours}} hours. Until then the account keeps its old address.',
    'If you did not ask for this, ignore this message: nothing changes.',
    '',
    'Keisha',
  ),
  body: [
    heading('Confirm your new address'),
    '<mj-text>You asked to use <strong>{{newEmail}}</strong> for your Keisha account (now {{oldEmail}}).</mj-text>',
    button('Confirm my new address'),
    copyLink,
    note('The link works once and for {{validHours}} hours. Until then the account keeps its old address. If you did not ask for this, ignore this message: nothing changes.'),
  ].join('\n'),
});

/** To an address asked for in an e-mail change that already has an account: says so there, and only there. */
export const emailChangeTakenTemplate = defineTemplate({
  name: 'email-change-taken',
  names: ['newEmail', 'resetUrl'],
  subject: 'Your e-mail address and Keisha',
  preview: 'This address already has a Keisha account.',
  text: lines(
    'Someone asked to move a Keisha account to {{newEmail}}. This address already has a Keisha account of its own, so nothing was changed.',
    '',
    'If it was you, sign in with {{newEmail}} instead; if you forgot its password, reset it here: {{resetUrl}}',
    'If it was not you, you can ignore this message.',
    '',
    'Keisha',
  ),
  body: [
    heading('This address already has an account'),
    '<mj-text>Someone asked to move a Keisha account to <strong>{{newEmail}}</strong>. This address already has a Keisha account of its own, so nothing was changed.</mj-text>',
    '<mj-text>If it was you, sign in with {{newEmail}} instead; if you forgot its password, <a href="{{resetUrl}}" style="color:#1f1f1f">reset it here</a>. If it was not you, you can ignore this message.</mj-text>',
  ].join('\n'),
});

/** To the old address once an e-mail change is confirmed. */
export const emailChangedTemplate = defineTemplate({
  name: 'email-changed',
  names: ['oldEmail', 'newEmail', 'when', 'support'],
  subject: 'The e-mail address of your Keisha account was changed',
  preview: 'Your account now uses {{newEmail}}.',
  text: lines(
    'The Keisha account that used {{oldEmail}} now uses {{newEmail}} (changed on {{when}}, confirmed from the new address).',
    'Messages about the account now go to the new address, and it signs in with it.',
    '',
    'If you did not make this change, write to {{support}} at once from this address.',
    '',
    'Keisha',
  ),
  body: [
    heading('Your address was changed'),
    '<mj-text>The Keisha account that used <strong>{{oldEmail}}</strong> now uses <strong>{{newEmail}}</strong> (changed on {{when}}, confirmed from the new address). Messages about the account now go to the new address, and it signs in with it.</mj-text>',
    '<mj-text>If you did not make this change, write to <a href="mailto:{{support}}" style="color:#1f1f1f">{{support}}</a> at once from this address.</mj-text>',
  ].join('\n'),
});

export const unlockTemplate = defineTemplate({
  name: 'unlock',
  names: ['email', 'link', 'validMinutes', 'resetUrl'],
  subject: 'Your one-time sign-in link for Keisha',
  preview: 'Sign in even while unknown networks are held back.',
  text: lines(
    'You asked for a sign-in link for the Keisha account {{email}}.',
    '',
    'Open this link on the device you want to use; it signs you in there, even while sign-ins from networks the account has not used are held back:',
    '',
    '{{link}}',
    '',
    'The link works once and for {{validMinutes}} minutes. If you did not ask for it, ignore this message. If you think someone knows your password, reset it: {{resetUrl}}',
    '',
    'Keisha',
  ),
  body: [
    heading('Your sign-in link'),
    '<mj-text>You asked for a sign-in link for the Keisha account <strong>{{email}}</strong>. Open it on the device you want to use: it signs you in there, even while sign-ins from networks the account has not used are held back.</mj-text>',
    button('Sign me in'),
    copyLink,
    note('The link works once and for {{validMinutes}} minutes. If you did not ask for it, ignore this message. If you think someone knows your password, <a href="{{resetUrl}}" style="color:#6b6b6b">reset it</a>.'),
  ].join('\n'),
});

export const accountAttackedTemplate = defineTemplate({
  name: 'account-attacked',
  names: ['email', 'failures', 'since', 'windowMinutes', 'signInUrl', 'resetUrl'],
  subject: 'Someone is trying to sign in to your Keisha account',
  preview: '{{failures}} failed sign-ins since {{since}}.',
  text: lines(
    'There have been {{failures}} failed sign-ins to the Keisha account {{email}} since {{since}}, from networks that had not signed in to it before.',
    '',
    'Your password was not given away: the attempts failed. While this lasts, sign-ins from networks new to the account are held back; the devices and networks you have signed in from before still get in.',
    '',
    'If you are held back, choose "Email me a sign-in link" on the sign-in form ({{signInUrl}}) and open the link we send you.',
    'If you think someone knows your password, reset it: {{resetUrl}}',
    '',
    'We tell you this at most once every {{windowMinutes}} minutes.',
    '',
    'Keisha',
  ),
  body: [
    heading('Someone is trying to sign in'),
    '<mj-text>There have been <strong>{{failures}} failed sign-ins</strong> to the Keisha account <strong>{{email}}</strong> since {{since}}, from networks that had not signed in to it before.</mj-text>',
    '<mj-text>Your password was not given away: the attempts failed. While this lasts, sign-ins from networks new to the account are held back; the devices and networks you have signed in from before still get in.</mj-text>',
    '<mj-text>If you are held back, choose <strong>Email me a sign-in link</strong> on the <a href="{{signInUrl}}" style="color:#1f1f1f">sign-in form</a> and open the link we send you. If you think someone knows your password, <a href="{{resetUrl}}" style="color:#1f1f1f">reset it</a>.</mj-text>',
    note('We tell you this at most once every {{windowMinutes}} minutes.'),
  ].join('\n'),
});

/** The daily newsletter (src/newsletter): an administrator's issue or the automatic one, with the unsubscribe link. */
export const newsletterTemplate = defineTemplate({
  name: 'newsletter',
  names: ['subject', 'preview', 'bodyHtml', 'bodyText', 'day', 'accountUrl', 'unsubscribeUrl'],
  trustedHtml: ['bodyHtml'],
  subject: '{{subject}}',
  preview: '{{preview}}',
  text: lines(
    '{{bodyText}}',
    '',
    '--',
    'The Keisha daily newsletter, {{day}}. You get it because you opted in on your account page: {{accountUrl}}',
    'Unsubscribe with one click: {{unsubscribeUrl}}',
  ),
  body: [
    '<mj-text>{{bodyHtml}}</mj-text>',
    note('The Keisha daily newsletter, {{day}}. You get it because you opted in on <a href="{{accountUrl}}" style="color:#6b6b6b">your account page</a>. <a href="{{unsubscribeUrl}}" style="color:#6b6b6b">Unsubscribe</a> with one click.'),
  ].join('\n'),
});

/** To the reader who sent a support request: we have it, and when to expect an answer. */
export const supportReceiptTemplate = defineTemplate({
  name: 'support-receipt',
  names: ['subject', 'received', 'message', 'accountUrl'],
  subject: 'We received your request: {{subject}}',
  preview: '{{received}}',
  text: lines(
    '{{received}}',
    '',
    'Your request: {{subject}}',
    '',
    '{{message}}',
    '',
    'You can see your requests and whether they are answered on your account page: {{accountUrl}}',
    '',
    'Keisha',
  ),
  body: [
    heading('We received your request'),
    '<mj-text>{{received}}</mj-text>',
    '<mj-text><strong>{{subject}}</strong></mj-text>',
    '<mj-text><div style="white-space:pre-wrap">{{message}}</div></mj-text>',
    note('You can see your requests and whether they are answered on <a href="{{accountUrl}}" style="color:#6b6b6b">your account page</a>.'),
  ].join('\n'),
});

/** To the support inbox: a reader's request; answered in the console, or by replying (Reply-To is the reader). */
export const supportNoticeTemplate = defineTemplate({
  name: 'support-notice',
  names: ['prefix', 'subject', 'email', 'plan', 'replyBy', 'message', 'adminUrl'],
  subject: '{{prefix}}{{subject}}',
  preview: 'From {{email}} ({{plan}}), to answer {{replyBy}}.',
  text: lines(
    'From: {{email}}',
    'Plan: {{plan}}',
    'Answer {{replyBy}}.',
    '',
    '{{message}}',
    '',
    'Answer it in the console with "Reply…", which mails the reader and marks it answered: {{adminUrl}}',
    'Or reply to this message, then mark the request answered there.',
  ),
  body: [
    '<mj-text>From <strong>{{email}}</strong>, plan: {{plan}}. Answer {{replyBy}}.</mj-text>',
    '<mj-text><strong>{{subject}}</strong></mj-text>',
    '<mj-text><div style="white-space:pre-wrap">{{message}}</div></mj-text>',
    note('Answer it <a href="{{adminUrl}}" style="color:#6b6b6b">in the console</a> with “Reply…”, which mails the reader and marks it answered. Or reply to this message, then mark the request answered there.'),
  ].join('\n'),
});

/** To the reader: an administrator's answer to their request, written in the console; the request is quoted under it. */
export const supportReplyTemplate = defineTemplate({
  name: 'support-reply',
  names: ['subject', 'reply', 'sent', 'message', 'accountUrl'],
  subject: 'Re: {{subject}}',
  preview: 'Keisha support answered your request.',
  text: lines(
    '{{reply}}',
    '',
    'Keisha support',
    '',
    '---',
    'Your request of {{sent}}: {{subject}}',
    '',
    '{{message}}',
    '',
    'Your requests and their answers are on your account page: {{accountUrl}}',
    'To ask something more, send a new request from there.',
  ),
  body: [
    heading('Our answer to your request'),
    '<mj-text><div style="white-space:pre-wrap">{{reply}}</div></mj-text>',
    '<mj-text>Keisha support</mj-text>',
    '<mj-text><strong>Your request of {{sent}}: {{subject}}</strong></mj-text>',
    '<mj-text><div style="white-space:pre-wrap;color:#6b6b6b">{{message}}</div></mj-text>',
    note('Your requests and their answers are on <a href="{{accountUrl}}" style="color:#6b6b6b">your account page</a>. To ask something more, send a new request from there.'),
  ].join('\n'),
});

/** A payment billing confirmed (src/receipts): a first payment or a renewal of a plan. */
export const receiptTemplate = defineTemplate({
  name: 'receipt',
  names: ['heading', 'plan', 'amount', 'method', 'date', 'reference', 'gives', 'access', 'accountUrl', 'support'],
  subject: 'Your Keisha receipt',
  preview: '{{plan}}: {{amount}}, paid with {{method}}.',
  text: lines(
    '{{heading}}',
    '',
    'Plan: {{plan}}',
    'Amount: {{amount}}',
    'Paid with: {{method}}',
    'Date: {{date}}',
    'Reference: {{reference}}',
    '',
    'What it gives: {{gives}}.',
    '{{access}}',
    '',
    'See or cancel your plan on your account page: {{accountUrl}}',
    'Questions about this payment? Write to {{support}}.',
    '',
    'Keisha',
  ),
  body: [
    heading('Your receipt'),
    '<mj-text>{{heading}}</mj-text>',
    '<mj-text>Plan: <strong>{{plan}}</strong><br />Amount: <strong>{{amount}}</strong><br />Paid with: {{method}}<br />Date: {{date}}<br />Reference: {{reference}}</mj-text>',
    '<mj-text>What it gives: {{gives}}.<br />{{access}}</mj-text>',
    '<mj-button href="{{accountUrl}}">See your plan</mj-button>',
    note('You can cancel it on your account page. Questions about this payment? Write to <a href="mailto:{{support}}" style="color:#6b6b6b">{{support}}</a>.'),
  ].join('\n'),
});

/** A plan that stops renewing (the reader's Cancel, or an upgrade to a higher plan): access until its end. */
export const planCancelledTemplate = defineTemplate({
  name: 'plan-cancelled',
  names: ['plan', 'why', 'until', 'accountUrl', 'support'],
  subject: 'Your Keisha plan will not renew',
  preview: 'You keep {{plan}} until {{until}}.',
  text: lines(
    '{{plan}} will not renew. {{why}}',
    '',
    'You keep everything it gives until {{until}}. Nothing more is charged for it, and nothing is refunded.',
    '',
    'Your plans are on your account page: {{accountUrl}}',
    'If you did not ask for this, write to {{support}}.',
    '',
    'Keisha',
  ),
  body: [
    heading('Your plan will not renew'),
    '<mj-text><strong>{{plan}}</strong> will not renew. {{why}}</mj-text>',
    '<mj-text>You keep everything it gives until <strong>{{until}}</strong>. Nothing more is charged for it, and nothing is refunded.</mj-text>',
    '<mj-button href="{{accountUrl}}">See your plans</mj-button>',
    note('If you did not ask for this, write to <a href="mailto:{{support}}" style="color:#6b6b6b">{{support}}</a>.'),
  ].join('\n'),
});

/** A refunded purchase: the money goes back and the plan's access has ended. */
export const refundTemplate = defineTemplate({
  name: 'refund',
  names: ['plan', 'amount', 'method', 'date', 'reference', 'accountUrl', 'support'],
  subject: 'Your Keisha refund',
  preview: '{{amount}} for {{plan}} is refunded.',
  text: lines(
    'We refunded your payment for {{plan}}: {{amount}}, paid with {{method}}.',
    'Reference: {{reference}}',
    '',
    'The plan ended on {{date}}, when it was refunded, so it no longer gives you anything. Your account stays as it is.',
    '',
    'Your plans are on your account page: {{accountUrl}}',
    'Questions about this refund? Write to {{support}}.',
    '',
    'Keisha',
  ),
  body: [
    heading('Your refund'),
    '<mj-text>We refunded your payment for <strong>{{plan}}</strong>: <strong>{{amount}}</strong>, paid with {{method}}.<br />Reference: {{reference}}</mj-text>',
    '<mj-text>The plan ended on {{date}}, when it was refunded, so it no longer gives you anything. Your account stays as it is.</mj-text>',
    '<mj-button href="{{accountUrl}}">See your plans</mj-button>',
    note('Questions about this refund? Write to <a href="mailto:{{support}}" style="color:#6b6b6b">{{support}}</a>.'),
  ].join('\n'),
});

export const ALL_TEMPLATES = [
  verifyEmailTemplate,
  passwordResetTemplate,
  passwordChangedTemplate,
  accountDeletedTemplate,
  accountDeletedByAdministratorTemplate,
  emailChangeTemplate,
  emailChangeTakenTemplate,
  emailChangedTemplate,
  unlockTemplate,
  accountAttackedTemplate,
  newsletterTemplate,
  supportReceiptTemplate,
  supportNoticeTemplate,
  supportReplyTemplate,
  receiptTemplate,
  planCancelledTemplate,
  refundTemplate,
];

export function verifyEmailMail(input: { link: string; email: string; validHours: number }): Promise<RenderedMail> {
  return renderMail(verifyEmailTemplate, { email: input.email, link: input.link, validHours: String(input.validHours) });
}
