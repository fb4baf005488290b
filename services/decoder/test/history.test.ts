import { describe, expect, it } from 'vitest';
import { appForSuite, databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { historyTitle } from '../src/domain/history.ts';
import { seededRandom } from '../scripts/lib/seeded-random.ts';
import { startDecoder } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe('historyTitle', () => {
  it('keeps short texts and cuts long ones at a word', () => {
    expect(historyTitle('  Short\n headline ')).toBe('Short headline');
    expect(historyTitle('word '.repeat(40))).toMatch(/^(word ){10,}?word…$/);
  });

  it('titles a long text as one-lining all of it would, whatever its runs of whitespace', () => {
    const whole = (text: string) => {
      const line = text.replace(/\s+/g, ' ').trim();
      if (line.length <= 80) return line;
      const cut = line.slice(0, 80);
      const lastSpace = cut.lastIndexOf(' ');
      return `${(lastSpace > 40 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
    };
    const random = seededRandom(16);
    const pieces = ['word', 'a', 'longerword', ' ', '  ', '\n\n', '\t', ' '.repeat(300), '\u00a0', 'x'.repeat(90)];
    for (let i = 0; i < 2000; i++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 60) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      expect(historyTitle(text)).toBe(whole(text));
    }
    // One-lined, exactly 80 characters, then only whitespace past the first prefix looked at.
    const exact = `${'abcd '.repeat(15)}abcde${' '.repeat(400)}`;
    expect(historyTitle(exact)).toBe(whole(exact));
    expect(historyTitle(exact)).toHaveLength(80);
  });
});

describe.each(targets)('analysis history on $kind', (target) => {
  const ctx = appForSuite(() => startDecoder(target, { IDENTITY_URL: identity.url }));

  it('keeps a signed-in reader’s analyses to list, reopen and delete, and shows them to nobody else', async () => {
    const alice = { authorization: `Bearer ${await identity.tokenFor('user')}` };
    const bob = { authorization: `Bearer ${await identity.tokenFor('user')}` };
    const text = 'The inner-city youth were blamed after shots were fired.';
    expect((await ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', headers: alice, payload: { text } })).statusCode).toBe(200);
    // A guest's analysis is not kept.
    await ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', payload: { text } });

    const list = (await ctx.app.inject({ url: '/api/decoder/history', headers: alice })).json();
    expect(list).toMatchObject({ total: 1, entries: [{ title: text }] });
    const id = list.entries[0].id;
    const item = (await ctx.app.inject({ url: `/api/decoder/history/${id}`, headers: alice })).json();
    expect(item.entry).toMatchObject({ id, text, analysis: { score: expect.any(Number) }, translation: { text: expect.any(String) } });

    expect((await ctx.app.inject({ url: '/api/decoder/history', headers: bob })).json().total).toBe(0);
    expect((await ctx.app.inject({ url: `/api/decoder/history/${id}`, headers: bob })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/decoder/history/${id}`, headers: bob })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/decoder/history' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/decoder/history/not-an-id', headers: alice })).statusCode).toBe(400);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/decoder/history/${id}`, headers: alice })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/decoder/history', headers: alice })).json().total).toBe(0);
  });
});
