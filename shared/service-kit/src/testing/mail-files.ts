// Reading the messages identity keeps as .eml files (no SMTP_URL), the way a person reads their mail: for the
// tests of every service and the end-to-end suite, which confirm an address by following the link they were sent.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The headers of a message or part (names in lower case; folded lines joined) and its body. */
function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-Fa-f]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export interface KeptMessage {
  /** The To header as written. */
  to: string;
  /** Every text part (plain and HTML), decoded, one after the other. */
  text: string;
}

/** The recipient and the decoded text of one .eml file (multipart or not, one level of parts). */
export function readKeptMessage(raw: string): KeptMessage {
  const { headers, body } = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const to = headers.get('to') ?? '';
  if (!boundary) return { to, text: decodePart(headers, body) };
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => splitHeaders(part.replace(/^\n/, '')));
  return { to, text: parts.map((part) => decodePart(part.headers, part.body)).join('\n') };
}

/** The token of the first verification link (`/verify-email?token=...`) in a message's text, if any. */
export function verificationTokenIn(text: string): string | undefined {
  return /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
}

/**
 * Waits until a verification message to `email` is in `mailDir` and returns its link's token. With
 * `after`, only a message whose file is not in that set counts (a resend after an earlier one).
 */
export async function waitForVerificationToken(
  mailDir: string,
  email: string,
  { timeoutMs = 10_000, after = new Set<string>() }: { timeoutMs?: number; after?: ReadonlySet<string> } = {},
): Promise<{ token: string; file: string }> {
  const wanted = email.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>(after);
  for (;;) {
    const files = await readdir(mailDir).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml') && !seen.has(name)).sort().reverse()) {
      seen.add(file);
      const message = readKeptMessage(await readFile(path.join(mailDir, file), 'utf8'));
      if (!message.to.toLowerCase().split(/[\s,<>"]+/).includes(wanted)) continue;
      const token = verificationTokenIn(message.text);
      if (token) return { token, file };
    }
    if (Date.now() > deadline) throw new Error(`no verification message to ${email} in ${mailDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
