// Messages are MJML (responsive HTML mail) plus a plain-text part. Each template is compiled by mjml once,
// with `{{name}}` placeholders left in place, and every message then fills them: HTML-escaped in the HTML
// part, as is in the text part. Compiling once keeps mjml (about 20 ms a message) out of the transactions
// that queue messages, and filling in one place means no value can reach the HTML unescaped.
import mjml2html from 'mjml';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailTemplate<Name extends string> {
  /** The placeholders every message of this template must be given. */
  readonly names: readonly Name[];
  /** The subject line (placeholders allowed). */
  readonly subject: string;
  /** The preview line mail clients show after the subject. */
  readonly preview: string;
  /** The plain-text part. */
  readonly text: string;
  /** The MJML elements of the message's column (mj-text, mj-button...), placeholders allowed. */
  readonly body: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

export function defineTemplate<const Name extends string>(template: MailTemplate<Name>): MailTemplate<Name> {
  for (const part of [template.subject, template.preview, template.text, template.body]) {
    for (const [, name] of part.matchAll(PLACEHOLDER)) {
      if (!(template.names as readonly string[]).includes(name!)) throw new Error(`template placeholder {{${name}}} is not declared`);
    }
  }
  return template;
}

/** The frame every message shares. */
function frame(template: MailTemplate<string>): string {
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${template.subject}</mj-title>
    <mj-preview>${template.preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="#1f1f1f" padding="6px 24px" />
      <mj-button background-color="#1f1f1f" color="#ffffff" border-radius="6px" font-size="15px" inner-padding="12px 20px" align="left" padding="18px 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f6f6f4" width="560px">
    <mj-section padding="24px 12px">
      <mj-column background-color="#ffffff" border-radius="8px" padding="20px 0">
        ${template.body}
        <mj-text font-size="13px" color="#6b6b6b" padding-top="24px">Keisha</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

const compiled = new Map<MailTemplate<string>, Promise<string>>();

/** The template's HTML with its placeholders still in it, compiled once. */
export function compileTemplate(template: MailTemplate<string>): Promise<string> {
  let html = compiled.get(template);
  if (!html) {
    // No web fonts (nothing is fetched by a reader's mail client on our behalf), no file includes.
    html = mjml2html(frame(template), { validationLevel: 'strict', fonts: {}, keepComments: false, ignoreIncludes: true }).then(({ html: out, errors }) => {
      if (errors.length > 0) throw new Error(`mail template: ${errors.map((e) => e.formattedMessage).join('; ')}`);
      return out;
    });
    html.catch(() => compiled.delete(template));
    compiled.set(template, html);
  }
  return html;
}

function fill(source: string, values: Readonly<Record<string, string>>, encode: (value: string) => string): string {
  return source.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`mail template: no value for {{${name}}}`);
    return encode(value);
  });
}

export async function renderMail<Name extends string>(template: MailTemplate<Name>, values: Readonly<Record<Name, string>>): Promise<RenderedMail> {
  const html = await compileTemplate(template as MailTemplate<string>);
  return {
    // A header line: no line breaks from a value, whatever it holds.
    subject: fill(template.subject, values, (value) => value.replace(/[\r\n]+/g, ' ')),
    text: fill(template.text, values, (value) => value),
    html: fill(html, values, escapeHtml),
  };
}
