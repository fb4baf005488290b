import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readKeptMessage, verificationTokenIn, waitForVerificationToken } from './mail-files.ts';

const TOKEN = 'Ab_-'.repeat(11);

// As nodemailer's stream transport writes it: quoted-printable with soft line breaks inside the link.
const quotedPrintable = (to: string) => `From: Keisha <no-reply@keisha.local>
To: ${to}
Subject: Confirm your e-mail address for Keisha
MIME-Version: 1.0
Content-Type: multipart/alternative;
 boundary="--_NmP-fab3b298b3aa53d3-Part_1"

----_NmP-fab3b298b3aa53d3-Part_1
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

Please confirm that ${to} is =
your address by opening this link:

http://localhost:3000/verify-email?=
token=3D${TOKEN}

----_NmP-fab3b298b3aa53d3-Part_1
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<p>Please =E2=80=99</p>
----_NmP-fab3b298b3aa53d3-Part_1--
`;

describe('kept mail files', () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('decodes quoted-printable parts, soft line breaks and UTF-8 bytes included', () => {
    const message = readKeptMessage(quotedPrintable('reader@example.org'));
    expect(message.to).toBe('reader@example.org');
    expect(message.text).toContain(`http://localhost:3000/verify-email?token=${TOKEN}`);
    expect(message.text).toContain('Please ’');
    expect(verificationTokenIn(message.text)).toBe(TOKEN);
  });

  it('decodes a base64 body', () => {
    const body = Buffer.from(`Open http://x.test/verify-email?token=${TOKEN} now`).toString('base64');
    const message = readKeptMessage(`To: a@example.org\nContent-Transfer-Encoding: base64\n\n${body}\n`);
    expect(verificationTokenIn(message.text)).toBe(TOKEN);
  });

  it('waits for the message to the address asked for, not to an address that contains it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'keisha-mail-files-'));
    folders.push(dir);
    await writeFile(path.join(dir, '1-verify-email-a.eml'), quotedPrintable('xreader@example.org').replace(TOKEN, 'other'));
    const waiting = waitForVerificationToken(dir, 'reader@example.org', { timeoutMs: 2000 });
    setTimeout(() => void writeFile(path.join(dir, '2-verify-email-b.eml'), quotedPrintable('reader@example.org')), 100);
    expect(await waiting).toEqual({ token: TOKEN, file: '2-verify-email-b.eml' });
    await expect(waitForVerificationToken(dir, 'nobody@example.org', { timeoutMs: 100 })).rejects.toThrow(/no verification message/);
  });
});
