// identity writes each service's streamed part of a reader's file to disk a line at a time (account-export.ts). What
// it writes is the section as JSON, and what it refuses: a stream cut before its last line, counts that disagree with
// the rows, a kind given again after another began, a line that is not the contract's, anything after the end.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linesOf, spoolStreamedPart } from '../src/export/account-export.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'keisha-spool-test-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
let n = 0;

async function* given(lines: readonly unknown[]) {
  for (const line of lines) yield typeof line === 'string' ? line : JSON.stringify(line);
}

async function spool(lines: readonly unknown[]): Promise<unknown> {
  const file = path.join(dir, `part-${n++}.json`);
  await spoolStreamedPart(given(lines), file);
  return JSON.parse(await readFile(file, 'utf8'));
}

describe('a streamed part written to disk', () => {
  it('joins the pages of each kind, keeps the order, and lists the kinds that had no rows', async () => {
    const part = await spool([
      { kind: 'analyses', rows: [{ id: 1 }, { id: 2 }] },
      { kind: 'analyses', rows: [{ id: 3, text: 'A "quoted"\nline' }] },
      { kind: 'api_keys', rows: [{ id: 'k' }] },
      { end: true, counts: { analyses: 3, api_keys: 1, reader_days: 0 } },
      '',
    ]);
    expect(part).toEqual({ analyses: [{ id: 1 }, { id: 2 }, { id: 3, text: 'A "quoted"\nline' }], api_keys: [{ id: 'k' }], reader_days: [] });
    expect(Object.keys(part as object)).toEqual(['analyses', 'api_keys', 'reader_days']);
  });

  it('writes an account the service never saw as empty lists', async () => {
    expect(await spool([{ end: true, counts: { conversations: 0, usage_counters: 0 } }])).toEqual({ conversations: [], usage_counters: [] });
    expect(await spool([{ end: true, counts: {} }])).toEqual({});
  });

  it('refuses a stream cut before its last line, or that goes on after it', async () => {
    await expect(spool([{ kind: 'analyses', rows: [{ id: 1 }] }])).rejects.toThrow(/cut before its last line/);
    await expect(spool([])).rejects.toThrow(/cut before its last line/);
    await expect(spool([{ end: true, counts: {} }, { kind: 'analyses', rows: [] }])).rejects.toThrow(/after its last line/);
  });

  it('refuses counts that disagree with the rows sent', async () => {
    await expect(spool([{ kind: 'analyses', rows: [{ id: 1 }] }, { end: true, counts: { analyses: 2 } }])).rejects.toThrow(/sent 1 rows of "analyses" but counted 2/);
    await expect(spool([{ kind: 'analyses', rows: [{ id: 1 }] }, { end: true, counts: {} }])).rejects.toThrow(/counted none/);
    await expect(spool([{ end: true, counts: { analyses: 4 } }])).rejects.toThrow(/counted 4 rows of "analyses" but sent none/);
  });

  it('fails with the disk’s own error when the file cannot be written', async () => {
    const nowhere = path.join(dir, 'no-such-directory', 'part.json');
    await expect(spoolStreamedPart(given([{ kind: 'a', rows: [{}] }, { end: true, counts: { a: 1 } }]), nowhere)).rejects.toThrow(/ENOENT/);
  });

  it('says a line is not JSON without quoting it (it is the reader’s rows, and the reason goes to the log)', async () => {
    const refused = await spool(['{"kind":"analyses","rows":[{"text":"Private words of the reader"', { end: true, counts: {} }]).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe('a line of the part is not JSON');
  });

  it('refuses a kind given again after another began, and lines that are not the contract’s', async () => {
    await expect(
      spool([{ kind: 'a', rows: [{}] }, { kind: 'b', rows: [{}] }, { kind: 'a', rows: [{}] }, { end: true, counts: { a: 2, b: 1 } }]),
    ).rejects.toThrow(/gave "a" again/);
    for (const bad of ['{"kind":"analyses"', { kind: 'Analyses!', rows: [] }, { kind: 'a', rows: [1] }, { kind: 'a', rows: [], extra: true }, { end: false, counts: {} }, { end: true, counts: { a: -1 } }, [], 'null']) {
      await expect(spool([bad, { end: true, counts: {} }]), JSON.stringify(bad)).rejects.toThrow();
    }
  });
});

describe('the lines of a streamed part', () => {
  async function* chunks(...parts: Array<string | Buffer>) {
    for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
  }
  const all = async (iterable: AsyncIterable<string>) => {
    const out: string[] = [];
    for await (const line of iterable) out.push(line);
    return out;
  };

  it('joins a line cut across chunks, a character cut across chunks included, and keeps a last line without newline', async () => {
    const word = Buffer.from('Brontë’s\n');
    expect(await all(linesOf(chunks('{"a":1}\n{"b"', ':2}\n', word.subarray(0, 5), word.subarray(5), '', '\n', 'tail')))).toEqual(['{"a":1}', '{"b":2}', 'Brontë’s', '', 'tail']);
    expect(await all(linesOf(chunks()))).toEqual([]);
    expect(await all(linesOf(chunks('one\ntwo\nthree\n')))).toEqual(['one', 'two', 'three']);
  });
});
