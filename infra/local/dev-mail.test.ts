import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { devMailPlan, findMaildev, startDevMail } from './dev-mail.ts';

describe('npm run dev and maildev', () => {
  const folders: string[] = [];
  afterEach(async () => Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true }))));

  it('starts maildev on its default ports for KEISHA_PORT 3000, moved with another base port', () => {
    expect(devMailPlan({ basePort: 3000, env: {}, maildevBin: '/x/maildev.js' })).toEqual({ kind: 'maildev', bin: '/x/maildev.js', smtpPort: 1025, webPort: 1080 });
    expect(devMailPlan({ basePort: 3800, env: {}, maildevBin: '/x/maildev.js' })).toMatchObject({ smtpPort: 1825, webPort: 1880 });
    expect(devMailPlan({ basePort: 3000, env: { MAILDEV_SMTP_PORT: '2525', MAILDEV_WEB_PORT: '8025' }, maildevBin: '/x' })).toMatchObject({ smtpPort: 2525, webPort: 8025 });
    expect(() => devMailPlan({ basePort: 3000, env: { MAILDEV_WEB_PORT: 'eighty' }, maildevBin: '/x' })).toThrow(/MAILDEV_WEB_PORT must be a port number/);
  });

  it('leaves mail as files without the package, with SMTP_URL set, or with KEISHA_MAILDEV=off', () => {
    expect(devMailPlan({ basePort: 3000, env: {}, maildevBin: undefined })).toMatchObject({ kind: 'off', reason: expect.stringMatching(/not installed/) });
    expect(devMailPlan({ basePort: 3000, env: { SMTP_URL: 'smtp://mail.example.org:587' }, maildevBin: '/x' })).toEqual({ kind: 'off', reason: 'SMTP_URL is set' });
    expect(devMailPlan({ basePort: 3000, env: { KEISHA_MAILDEV: 'off' }, maildevBin: '/x' })).toEqual({ kind: 'off', reason: 'KEISHA_MAILDEV=off' });
  });

  it('finds maildev’s command by its package’s bin field, and nothing where it is not installed', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'keisha-dev-mail-'));
    folders.push(root);
    expect(findMaildev(root)).toBeUndefined();
    await mkdir(path.join(root, 'node_modules', 'maildev', 'bin'), { recursive: true });
    await writeFile(path.join(root, 'node_modules', 'maildev', 'package.json'), JSON.stringify({ name: 'maildev', bin: { maildev: './bin/maildev' } }));
    expect(findMaildev(root)).toBe(path.join(root, 'node_modules', 'maildev', 'bin', 'maildev'));
  });

  it('starts the command with the plan’s ports on loopback, gives identity its SMTP_URL and stops it', async () => {
    // A stand-in for maildev's command: listens on the --smtp port it is given, as maildev does.
    const root = await mkdtemp(path.join(os.tmpdir(), 'keisha-dev-mail-'));
    folders.push(root);
    const bin = path.join(root, 'fake-maildev.mjs');
    await writeFile(bin, "import net from 'node:net'; const a = process.argv; const port = Number(a[a.indexOf('--smtp') + 1]); const ip = a[a.indexOf('--ip') + 1]; net.createServer((s) => s.end('220 ok\\r\\n')).listen(port, ip);");
    const smtpPort = await freePort();
    const lines: string[] = [];
    const mail = await startDevMail({ kind: 'maildev', bin, smtpPort, webPort: 1080 }, (line) => lines.push(line), 10_000);
    expect(mail?.serviceEnv).toEqual({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    expect(mail?.description).toBe(`Mail: maildev catches every message; read them at http://localhost:1080 (SMTP on 127.0.0.1:${smtpPort}).`);
    await mail!.stop();
    expect(await startDevMail({ kind: 'off', reason: 'KEISHA_MAILDEV=off' }, (line) => lines.push(line))).toBeNull();
    expect(lines).toEqual(['Mail: kept as .eml files in .data/mail and on the admin Outbox page (KEISHA_MAILDEV=off).']);
  });

  it('falls back to files when the command does not start', async () => {
    const lines: string[] = [];
    const root = await mkdtemp(path.join(os.tmpdir(), 'keisha-dev-mail-'));
    folders.push(root);
    const bin = path.join(root, 'broken.mjs');
    await writeFile(bin, 'process.exit(3);');
    expect(await startDevMail({ kind: 'maildev', bin, smtpPort: await freePort(), webPort: 1080 }, (line) => lines.push(line), 5000)).toBeNull();
    expect(lines[0]).toMatch(/maildev did not start on port \d+; messages are kept as .eml files in .data\/mail instead\./);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
