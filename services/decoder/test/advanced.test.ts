// Advanced detection through the analysis route (issue 28, item 1): a Monthly reader gets the data, a free
// reader and a guest the teaser only, and the model's second opinion comes from our fake OpenAI-protocol server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';
import { API_KEY_PATHS, PUBLIC_API_PATHS } from '@keisha/contracts/decoder';
import { analyzeResponse } from '@keisha/contracts/decoder/schemas';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { startDecoder } from './helpers.ts';

const ARTICLE =
  'Shots were fired near Elm Street, and a man was killed. Police Chief Dan Reyes said the officers followed protocol. ' +
  '"We were scared," said Maria Lopez, a longtime resident. Angry protesters claimed the teen was unarmed.';

const [target] = await databaseTargets();

describe('advanced detection by plan', () => {
  let identity: IdentityProcess;
  let monthly: Awaited<ReturnType<typeof startDecoder>>;
  let withModel: Awaited<ReturnType<typeof startDecoder>>;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    identity = await startIdentityProcess();
    fake = await startFakeOpenAi({ score: 81, summary: 'The killing is told without its agent.', translation: 'Police fired and killed a man.', terms: [] });
    [monthly, withModel] = await Promise.all([
      startDecoder(target!, { IDENTITY_URL: identity.url, DEFAULT_ACCOUNT_TIER: 'monthly' }),
      startDecoder(target!, { IDENTITY_URL: identity.url, DEFAULT_ACCOUNT_TIER: 'annual', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'k', DECODER_MODEL: 'fake-model', DECODER_LLM_TIMEOUT_MS: '2000' }),
    ]);
  });
  afterAll(async () => {
    for (const ctx of [monthly, withModel]) {
      await ctx?.app.close();
      await ctx?.database.destroy();
    }
    await fake?.close();
    await identity?.stop();
  });

  const analyze = async (ctx: typeof monthly, token?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', payload: { text: ARTICLE }, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('gives a Monthly reader the strip, agency and sourcing, kept in history and written as zod would', async () => {
    const token = await identity.tokenFor('user');
    const response = await analyze(monthly, token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(response.body).toBe(JSON.stringify(analyzeResponse.encode(body)));
    const advanced = body.analysis.advanced;
    expect(advanced.locked).toBe(false);
    expect(advanced.sentences).toHaveLength(4);
    expect(advanced.agency).toMatchObject({ agentless: 2, agentless_harm: 2 });
    expect(advanced.sourcing.counts).toMatchObject({ official: 1, community: 2 });
    expect(advanced.second_opinion).toBeNull();
    const history = await monthly.app.inject({ url: '/api/decoder/history', headers: { authorization: `Bearer ${token}` } });
    const entry = await monthly.app.inject({ url: `/api/decoder/history/${history.json().entries[0].id}`, headers: { authorization: `Bearer ${token}` } });
    expect(entry.json().entry.analysis.advanced).toEqual(advanced);
  });

  // Free readers get the same teaser: domain/advanced/advanced.test.ts.
  it('gives a guest the teaser, never the data', async () => {
    for (const response of [await analyze(monthly), await analyze(withModel)]) {
      expect(response.statusCode).toBe(200);
      const parts = response.json().analysis.engine === 'embedded' ? ['sentence_strip', 'agency', 'sourcing'] : ['sentence_strip', 'agency', 'sourcing', 'second_opinion'];
      expect(response.json().analysis.advanced).toEqual({ locked: true, parts, upgrade_path: '/pricing' });
      expect(response.body).not.toContain('"sentences"');
      expect(response.body).toBe(JSON.stringify(analyzeResponse.encode(response.json())));
    }
  });

  it('adds the language model’s second opinion beside the embedded score', async () => {
    const token = await identity.tokenFor('user');
    const body = (await analyze(withModel, token)).json();
    expect(body.analysis.engine).toBe('embedded+llm');
    const opinion = body.analysis.advanced.second_opinion;
    expect(opinion).toMatchObject({ model: 'fake-model', score: 81, summary: 'The killing is told without its agent.' });
    // The merged score is the mean of both engines (domain/llm/merge.ts): the embedded one is kept apart here.
    expect(body.analysis.score).toBe(Math.round((opinion.embedded_score + 81) / 2));
    expect(opinion.agrees).toBe(opinion.embedded_score >= body.analysis.threshold);
  });

  it('gives the public API’s analyses the advanced part, one article and a batch, and documents it', async () => {
    const token = await identity.tokenFor('user');
    const created = await withModel.app.inject({ method: 'POST', url: API_KEY_PATHS.list, payload: { name: 'advanced' }, headers: { authorization: `Bearer ${token}` } });
    expect(created.statusCode).toBe(201);
    const key = created.json().secret as string;
    const one = await withModel.app.inject({ method: 'POST', url: PUBLIC_API_PATHS.analyze, payload: { text: ARTICLE }, headers: { authorization: `Bearer ${key}` } });
    expect(one.statusCode).toBe(200);
    expect(one.json().analysis.advanced).toMatchObject({ locked: false, agency: { agentless_harm: 2 }, second_opinion: { model: 'fake-model' } });
    const batch = await withModel.app.inject({ method: 'POST', url: PUBLIC_API_PATHS.batch, payload: { articles: [{ text: ARTICLE, id: 'a' }, { text: '' }] }, headers: { authorization: `Bearer ${key}` } });
    expect(batch.statusCode).toBe(200);
    const results = batch.json().results;
    expect(results[0]).toMatchObject({ ok: true, id: 'a', analysis: { advanced: { locked: false, sourcing: { counts: { official: 1, community: 2 } } } } });
    expect(results[1].ok).toBe(false);
    const openapi = await withModel.app.inject({ url: PUBLIC_API_PATHS.openapi });
    expect(openapi.body).toContain('analysis.advanced');
  });
});
