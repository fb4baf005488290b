import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile, closeTestApps } from '@keisha/service-kit/testing';
import { bearer, deltaText, eventsOf, startChat } from './helpers.ts';

const [target] = await databaseTargets();
const identity = await identityForFile();

// No OPENAI_BASE_URL or OPENAI_API_KEY: the embedded offline responder answers, streamed like a model.
describe('the embedded offline responder, through the stream', () => {
  let ctx: Awaited<ReturnType<typeof startChat>>;
  let token = '';
  beforeAll(async () => {
    ctx = await startChat(target!, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: 'Gold', CHAT_OFFLINE_CHUNK_DELAY_MS: '1' });
    token = await identity.tokenFor('user');
  });
  afterAll(() => closeTestApps(ctx));

  const ask = async (message: string, sessionId?: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers: { ...bearer(token), accept: 'text/event-stream' },
      payload: { message, ...(sessionId ? { session_id: sessionId } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return eventsOf(response.body);
  };

  it('answers a question about racial bias in AI with a relevant passage and its source, says it is offline, and streams', async () => {
    const events = await ask('Why does facial recognition fail darker-skinned women?');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(20);
    const text = deltaText(events);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.message).toMatchObject({ engine: 'embedded', status: 'complete', text });
    expect(text).toMatch(/^_I'm in offline mode: no language model is connected/);
    expect(text).toContain('Gender Shades');
    expect(text).toContain('34.7%');
    expect(text).toContain('(https://proceedings.mlr.press/v81/buolamwini18a.html)');
    expect(done.data.message.sources).toContainEqual({ title: expect.stringContaining('Gender Shades'), url: 'https://proceedings.mlr.press/v81/buolamwini18a.html' });
    expect(done.data.message.notes.join(' ')).toContain('offline mode');
  });

  it.each([
    ['Racial bias in AI systems', 'Racial bias in an AI system means'],
    ['What is white supremacy?', 'white supremacy'],
    ['Enterprise AI ethics best practices', 'NIST AI Risk Management Framework'],
    ['Counter-racist strategies', 'Counter-racist work'],
  ])('answers the empty state’s chip "%s" from the right part of the library', async (chip, expected) => {
    const text = deltaText(await ask(chip));
    expect(text).toContain(expected);
    expect(text).toContain('**Sources**');
  });

  it('is deterministic, and a follow-up moves on to the next passage', async () => {
    const first = await ask('What is predictive policing?');
    const again = await ask('What is predictive policing?');
    expect(deltaText(again)).toBe(deltaText(first));
    const sessionId = first[0]!.data.session_id;
    const more = deltaText(await ask('Tell me more', sessionId));
    expect(more).toContain('offline mode');
    expect(more).not.toContain('**Predictive policing predicts policing**');
  });

  it('says so when its library has nothing on the question, instead of guessing', async () => {
    const text = deltaText(await ask('What is the best recipe for chocolate cake?'));
    expect(text).toContain('I have no notes on that in my offline library');
    expect(text).toContain('racial bias in AI systems');
  });

  it('suggests the decoder for a pasted article', async () => {
    const article = Array.from({ length: 20 }, (_, i) => `Officials said shots were fired near the station on day ${i}. Residents gathered outside.`).join(' ');
    const text = deltaText(await ask(article));
    expect(text).toContain('This looks like an article');
    expect(text).toContain('Bias Detection');
  });
});
