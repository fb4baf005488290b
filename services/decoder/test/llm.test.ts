import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { startDecoder } from './helpers.ts';

const ARTICLE = 'Residents said the urban youth who gathered were met with force as shots were fired near the station.';
const MODEL_ANSWER = {
  score: 90,
  summary: 'The piece casts young Black residents as a threat.',
  translation: 'Police fired at young people who had gathered near the station.',
  terms: [
    { term: 'urban youth', explanation: 'A coded way to say young Black people.', is_codeword: true, category: 'coded-racial' },
    { term: 'a term the article never uses', explanation: 'Invented.', is_codeword: true, category: 'coded-racial' },
  ],
};

const [target] = await databaseTargets();

describe('the LLM analyzer against an OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi(MODEL_ANSWER);
    ctx = await startDecoder(target!, { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key', DECODER_MODEL: 'fake-model', DECODER_LLM_TIMEOUT_MS: '1500' });
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.destroy();
    await fake.close();
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    await ctx.database.db.deleteFrom('usage_counters').execute();
  });

  const analyze = () => ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', payload: { text: ARTICLE } });

  it('asks for structured output, and merges the answer with the embedded findings', async () => {
    fake.mode = 'normal';
    const response = await analyze();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(fake.requests[0]!.body).toMatchObject({ model: 'fake-model', response_format: { type: 'json_schema' } });
    expect(fake.requests[0]!.authorization).toBe('Bearer test-key');
    expect(fake.requests[0]!.body.messages[1].content).toBe(ARTICLE);
    expect(body.analysis.engine).toBe('embedded+llm');
    const terms = body.analysis.detected_terms.map((t: { term: string }) => t.term.toLowerCase());
    expect(terms).toContain('urban youth');
    expect(terms).not.toContain('a term the article never uses');
    expect(body.translation.text).toBe(MODEL_ANSWER.translation);
    expect(body.analysis.analysis_summary).toContain(MODEL_ANSWER.summary);
  });

  it('falls back to JSON mode when the server has no JSON-schema output', async () => {
    fake.mode = 'no-json-schema';
    const response = await analyze();
    expect(response.json().analysis.engine).toBe('embedded+llm');
    expect(fake.requests.map((r) => r.body.response_format.type)).toEqual(['json_schema', 'json_object']);
  });

  /** The llm_fallbacks_total sample for a cause, as Prometheus would scrape it. */
  async function fallbacks(cause: string): Promise<number> {
    const text = await ctx.app.metrics.registry.metrics();
    const line = text.split('\n').find((l) => l.startsWith('llm_fallbacks_total{') && l.includes(`cause="${cause}"`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  it.each([
    ['malformed JSON', 'malformed', 'not valid', 'invalid_answer'],
    ['a 429', 'rate-limited', 'answered 429', 'rate_limited'],
    ['a 500', 'error', 'answered 500', 'server_error'],
    ['no answer in time', 'slow', 'no answer within 1.5 s', 'timeout'],
    ['no server listening', 'unreachable', 'could not be reached', 'unreachable'],
  ] as const)('answers with the embedded result and a note on %s, charges no use, and counts one fallback', async (_label, mode, reason, cause) => {
    fake.mode = mode;
    const before = await fallbacks(cause);
    const response = await analyze();
    expect(await fallbacks(cause)).toBe(before + 1);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.analysis.engine).toBe('embedded');
    expect(body.analysis.notes.join(' ')).toContain(reason);
    expect(body.usage.daily_count).toBe(0);
    const usage = await ctx.app.inject({ method: 'GET', url: '/api/bias-usage/current' });
    expect(usage.json().usage.daily_count).toBe(0);
  });

  it('charges one use when the model answers', async () => {
    fake.mode = 'normal';
    expect((await analyze()).json().usage.daily_count).toBe(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/bias-usage/current' })).json().usage.daily_count).toBe(1);
  });
});
