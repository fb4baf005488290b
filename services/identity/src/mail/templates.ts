// Our messages: each a typed function giving the subject and both parts, every value escaped in the HTML.

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The HTML frame every message shares; `body` is already-escaped HTML. */
function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f1f1f">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
${body}
<p style="margin-top:32px;font-size:13px;color:#6b6b6b">Keisha</p>
</div></body></html>
`;
}

function button(href: string, label: string): string {
  return `<p style="margin:28px 0"><a href="${escapeHtml(href)}" style="background:#1f1f1f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;
}

export function verifyEmailMail(input: { link: string; email: string; validHours: number }): RenderedMail {
  const subject = 'Confirm your e-mail address for Keisha';
  const text = [
    'Welcome to Keisha.',
    '',
    `Please confirm that ${input.email} is your address by opening this link:`,
    '',
    input.link,
    '',
    `The link works once and for ${input.validHours} hours. If you did not sign up, you can ignore this message.`,
    '',
    'Keisha',
  ].join('\n');
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 16px">Welcome to Keisha</h1>
<p>Please confirm that <strong>${escapeHtml(input.email)}</strong> is your address.</p>
${button(input.link, 'Confirm my address')}
<p style="font-size:14px">Or copy this link into your browser:<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size:14px;color:#6b6b6b">The link works once and for ${input.validHours} hours. If you did not sign up, you can ignore this message.</p>`,
  );
  return { subject, text, html };
}
