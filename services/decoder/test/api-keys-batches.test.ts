// Batches of the public v1 API over real HTTP (see api-keys-fixture.ts) on the analysis engine: long batches on the
// analysis thread, articles the engine could not analyse, and a caller who went away before the results.
import { describe, expect, it } from 'vitest';
import type { IdentityProcess } from '@keisha/service-kit/testing';
import { apiKeyServices, ARTICLE, fetch, targets } from './api-keys-fixture.ts';
import type { AnalysisEngine } from '../src/plugins/analysis-engine.ts';
import { threadedEmbeddedEngine } from '../src/plugins/analysis-thread.ts';
import { embeddedOutcome } from '../src/plugins/embedded-engine.ts';

describe.each(targets)('API keys and the public API on $kind', (target) => {
  let identity: IdentityProcess;
  const { decoder, json, buyPlan, createKey, listKeys, analyse, batch, freshAdmin } = apiKeyServices('keys_batches', target, (started) => ({ identity } = started));

  it('analyses a batch whose articles together are long on the analysis thread, each answered as in place', async () => {
    const threaded = threadedEmbeddedEngine({ fromChars: 3 * ARTICLE.length });
    try {
      const ctx = await decoder({}, threaded.engine);
      const token = await identity.tokenFor('user');
      await buyPlan(token, 'annual');
      const { secret } = await (await createKey(ctx, token, 'Archive')).json();
      const one = await (await analyse(ctx, secret, { text: ARTICLE })).json();
      expect(threaded.sent).toBe(0); // one short article: in place
      const response = await batch(ctx, secret, { articles: Array.from({ length: 5 }, (_, i) => ({ text: ARTICLE, id: `a${i}` })) });
      expect(response.status).toBe(200);
      const { results, key_usage } = await response.json();
      expect(threaded.sent).toBe(5);
      expect(results.map((r: { id: string }) => r.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
      for (const result of results) expect(result).toMatchObject({ ok: true, analysis: one.analysis, translation: one.translation });
      expect(key_usage.used).toBe(6);
    } finally {
      await threaded.close();
    }
  }, 120_000);

  it('answers the articles an engine could not analyse as failed, in their places, and gives them back', async () => {
    const down = new Error('the analysis thread stopped (exit code 1)');
    // An engine that analyses a batch together and lost it whole (its thread died), and one asked article by article.
    const whole: AnalysisEngine = Object.assign(async () => embeddedOutcome(ARTICLE), { many: async () => Promise.reject(down) });
    const each: AnalysisEngine = async (text) => (text.includes('fail') ? Promise.reject(down) : embeddedOutcome(text));
    for (const [engine, expected] of [
      [whole, [false, false, false]],
      [each, [true, false, true]],
    ] as const) {
      const ctx = await decoder({}, engine);
      const token = await identity.tokenFor('user');
      await buyPlan(token, 'annual');
      const { secret } = await (await createKey(ctx, token, 'Archive')).json();
      const response = await batch(ctx, secret, { articles: [{ text: ARTICLE, id: 'a' }, { text: `${ARTICLE} fail`, id: 'b' }, { text: ARTICLE, id: 'c' }] });
      expect(response.status).toBe(200);
      const { results, key_usage } = await response.json();
      expect(results.map((r: { ok: boolean }) => r.ok)).toEqual(expected);
      expect(results.map((r: { id: string }) => r.id)).toEqual(['a', 'b', 'c']);
      for (const result of results.filter((r: { ok: boolean }) => !r.ok)) {
        expect(result.error).toEqual({ code: 'ANALYSIS_FAILED', message: 'The analysis could not be completed. Please try again.' });
      }
      expect(key_usage.used).toBe(expected.filter(Boolean).length);
    }
  }, 120_000);

  // Issue 29, item 3: a caller who went away before the results is charged nothing, and the threads drop its work.
  it('gives back every article of a batch whose caller went away, and drops the pieces not yet analysed', async () => {
    const threaded = threadedEmbeddedEngine({ fromChars: 1_000, threads: 1 });
    try {
      const ctx = await decoder({}, threaded.engine);
      const admin = await freshAdmin();
      const { secret, key } = await (await createKey(ctx, admin, 'leaving')).json();
      const long = 'Officials said the clashes left the inner-city neighborhood shaken, and the mayor called it a disgrace. '.repeat(300);
      const controller = new AbortController();
      const pending = fetch(`${ctx.url}/api/v1/analyses:batch`, {
        method: 'POST',
        headers: json(secret),
        body: JSON.stringify({ articles: Array.from({ length: 50 }, (_, i) => ({ text: `${i}. ${long}` })) }),
        signal: controller.signal,
      }).catch(() => 'aborted');
      // Aborted once the batch's first piece is on the thread.
      while (threaded.sent === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
      expect(await pending).toBe('aborted');
      let used = -1;
      for (let i = 0; i < 200 && used !== 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        used = (await listKeys(ctx, admin)).keys.find((k: { id: string }) => k.id === key.id).used_today;
      }
      expect(used).toBe(0);
      expect((await listKeys(ctx, admin)).account_used_today).toBe(0);
      expect(threaded.sent).toBeLessThan(50);
      // The next request of the key counts as usual.
      expect((await (await analyse(ctx, secret, { text: ARTICLE })).json()).key_usage).toMatchObject({ used: 1, account_used: 1 });
    } finally {
      await threaded.close();
    }
  }, 120_000);
});
