// Messages are MJML (responsive HTML mail) plus a plain-text part. Each template is compiled by mjml ahead of
// time (`npm run mail:templates` writes compiled-templates.ts; a test fails when it is out of date), with
// `{{name}}` placeholders left in place, and every message then fills them: HTML-escaped in the HTML part, as is
// in the text part. So mjml never runs in the service (its import alone costs about 1.2 s of CPU at start-up and
// a compile about 20 ms a message), and filling in one place means no value can reach the HTML unescaped.
import { COMPILED_TEMPLATES } from './compiled-templates.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailTemplate<Name extends string> {
  /** Unique: the key of its compiled HTML. */
  readonly name: string;
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
  /**
   * Placeholders whose value is HTML we made ourselves from escaped text (the newsletter's issue): put in the
   * HTML part as they are. Only in `body`; never in the subject or the text part.
   */
  readonly trustedHtml?: readonly Name[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

export function defineTemplate<const Name extends string>(template: MailTemplate<Name>): MailTemplate<Name> {
  for (const part of [template.subject, template.preview, template.text]) {
    for (const [, name] of part.matchAll(PLACEHOLDER)) {
      if ((template.trustedHtml as readonly string[] | undefined)?.includes(name!)) throw new Error(`template placeholder {{${name}}} holds HTML: only in the body`);
    }
  }
  for (const part of [template.subject, template.preview, template.text, template.body]) {
    for (const [, name] of part.matchAll(PLACEHOLDER)) {
      if (!(template.names as readonly string[]).includes(name!)) throw new Error(`template placeholder {{${name}}} is not declared`);
    }
  }
  return template;
}

function fill(source: string, values: Readonly<Record<string, string>>, encode: (value: string) => string, trusted: readonly string[] = []): string {
  return source.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`mail template: no value for {{${name}}}`);
    return trusted.includes(name) ? value : encode(value);
  });
}

export async function renderMail<Name extends string>(template: MailTemplate<Name>, values: Readonly<Record<Name, string>>): Promise<RenderedMail> {
  const html = COMPILED_TEMPLATES[template.name];
  if (html === undefined) throw new Error(`mail template "${template.name}" is not compiled: run npm run mail:templates`);
  return {
    // A header line: no line breaks from a value, whatever it holds.
    subject: fill(template.subject, values, (value) => value.replace(/[\r\n]+/g, ' ')),
    text: fill(template.text, values, (value) => value),
    html: fill(html, values, escapeHtml, template.trustedHtml),
  };
}
