// The launcher's log files are capped by size (issue 29, item 5: 119 MB of logs in 37 minutes of testing): the pure
// rules, then a real file fed by a real child process.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLogFile, writeOutputTo } from './log-file.ts';
import { LOG_KEEP_FILES, LOG_MAX_BYTES, rotationMoves, splitForRotation } from './log-rotation.ts';

describe('where a log file is cut', () => {
  const text = (buffer: Buffer | null) => (buffer === null ? null : buffer.toString());

  it('takes a chunk whole while the file stays within its limit', () => {
    const { before, after } = splitForRotation(90, Buffer.from('0123456789'), 100);
    expect([text(before), text(after)]).toEqual(['0123456789', null]);
  });

  it('finishes the line that reaches the limit, and sends the rest to the new file', () => {
    const { before, after } = splitForRotation(95, Buffer.from('abcdefgh\nnext\nmore\n'), 100);
    expect([text(before), text(after)]).toEqual(['abcdefgh\n', 'next\nmore\n']);
  });

  it('cuts right at a line end that falls on the limit', () => {
    expect(text(splitForRotation(95, Buffer.from('abcd\nnext\n'), 100).before)).toBe('abcd\n');
  });

  it('never splits a line: a chunk in the middle of one goes in whole', () => {
    expect(text(splitForRotation(200, Buffer.from('still the same line'), 100).after)).toBeNull();
    expect([text(splitForRotation(200, Buffer.from('end of it\nnew'), 100).before), text(splitForRotation(200, Buffer.from('end of it\nnew'), 100).after)]).toEqual([
      'end of it\n',
      'new',
    ]);
  });

  it('moves the oldest first, and drops what is past the kept number', () => {
    expect(rotationMoves('/l/chat.log', 3)).toEqual([
      ['/l/chat.log.2', '/l/chat.log.3'],
      ['/l/chat.log.1', '/l/chat.log.2'],
      ['/l/chat.log', '/l/chat.log.1'],
    ]);
  });

  it('defaults to 10 MB and 3 older files (at most about 40 MB a service)', () => {
    expect([LOG_MAX_BYTES, LOG_KEEP_FILES]).toEqual([10 * 1024 * 1024, 3]);
  });
});

describe('a service log file that keeps growing', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('is rotated at its limit, keeps 3 older files, and never splits or loses a recent line', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-log-rotation-'));
    const file = path.join(dir, 'logs', 'chatty.log');
    const said: string[] = [];
    const maxBytes = 256 * 1024;
    const log = openLogFile(file, { label: 'service:chatty', say: (line) => said.push(line), maxBytes });
    // A service printing 2 MB of JSON lines, 8 times the limit, in whatever chunks the pipe makes of them.
    const child = spawn(
      process.execPath,
      ['-e', `let out = ''; for (let n = 1; n <= 16000; n++) out += JSON.stringify({ n, msg: 'x'.repeat(100 + (n % 37)) }) + '\\n'; process.stdout.write(out);`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    writeOutputTo(child, log);
    await new Promise((resolve) => child.once('close', resolve));
    await log.close();

    const files = [file, `${file}.1`, `${file}.2`, `${file}.3`];
    for (const name of files) expect(existsSync(name), name).toBe(true);
    expect(existsSync(`${file}.4`)).toBe(false);
    const longestLine = 200;
    for (const name of files.slice(1)) {
      expect(statSync(name).size, name).toBeGreaterThanOrEqual(maxBytes);
      expect(statSync(name).size, name).toBeLessThanOrEqual(maxBytes + longestLine);
    }
    // Oldest first, every file whole JSON lines, numbered without a gap up to the last line printed.
    const numbers = files
      .reverse()
      .flatMap((name) => readFileSync(name, 'utf8').split('\n').filter(Boolean))
      .map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers.at(-1)).toBe(16000);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    expect(said).toEqual([]);
  });

  it('counts what a file already holds when the launcher starts again', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-log-rotation-'));
    const file = path.join(dir, 'chat.log');
    const first = openLogFile(file, { label: 'service:chat', say: () => {}, maxBytes: 100 });
    first.write(`${'a'.repeat(80)}\n`);
    await first.close();
    const second = openLogFile(file, { label: 'service:chat', say: () => {}, maxBytes: 100 });
    second.write(`${'b'.repeat(40)}\n`);
    second.write(`${'c'.repeat(10)}\n`);
    await second.close();
    expect(readFileSync(`${file}.1`, 'utf8')).toBe(`${'a'.repeat(80)}\n${'b'.repeat(40)}\n`);
    expect(readFileSync(file, 'utf8')).toBe(`${'c'.repeat(10)}\n`);
  });
});
