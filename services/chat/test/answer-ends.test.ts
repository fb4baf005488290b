// Answers that end at the same moment are saved together: one statement writes each answer and reads
// its account's count back (messages.finishAll), on PGlite and PostgreSQL. Through the reply service:
// many concurrent answers are each saved with their own text and count, and an answer the database
// refuses (a NUL character in its text) fails alone, saved as failed with its message given back, while the
// others of its batch are saved.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseTargets, databaseForSuite } from '@keisha/service-kit/testing';
import type { ChatDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { messagesRepository } from '../src/db/repositories/messages.ts';
import { sessionsRepository } from '../src/db/repositories/sessions.ts';
import type { AnswerEngine } from '../src/plugins/answer-engine.ts';
import { createReplyService } from '../src/plugins/replies.ts';

const targets = await databaseTargets();
const DAY = '2026-11-25';
const silent = { warn: () => {}, error: () => {} };

/** Answers each question with its own text; a question containing "refused" gets an answer PostgreSQL cannot store. */
const echoEngine: AnswerEngine = async function* (request) {
  yield { type: 'start', engine: 'embedded', sources: [{ title: 'A source', url: 'https://example.org/a' }], notes: [] };
  yield { type: 'delta', text: 'About ' };
  yield { type: 'delta', text: request.question.includes('refused') ? 'this\u0000question' : request.question };
};

describe.each(targets)('answers saved together on $kind', (target) => {
  const database = databaseForSuite<ChatDatabase>(target, migrations);

  const startOne = async (userId: string, text: string) => {
    const started = await sessionsRepository(database.db).startWithMessage(userId, text, text, { day: DAY, limit: null });
    return started!;
  };

  it('writes every answer of a batch and reads back each account’s count; an answer whose conversation is gone is left out', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const a1 = await startOne(alice, 'first');
    const a2 = await startOne(alice, 'second');
    const b1 = await startOne(bob, 'third');
    const deleted = await startOne(bob, 'fourth');
    await database.db.deleteFrom('chat_sessions').where('id', '=', deleted.session.id).execute();
    const answer = (text: string) => ({ text, status: 'complete' as const, engine: 'llm' as const, sources: [{ title: 'T', url: 'https://example.org/' }], notes: [`note ${text}`] });

    const saved = await messagesRepository(database.db).finishAll([
      { id: a1.aiMessageId, answer: answer('one, with "quotes" and {braces} \\ too'), userId: alice, day: DAY },
      { id: a2.aiMessageId, answer: { ...answer('two'), status: 'stopped' }, userId: alice, day: DAY },
      { id: b1.aiMessageId, answer: answer('three'), userId: bob, day: DAY },
      { id: deleted.aiMessageId, answer: answer('four'), userId: bob, day: DAY },
    ]);

    expect([...saved.keys()].sort()).toEqual([a1.aiMessageId, a2.aiMessageId, b1.aiMessageId].sort());
    expect(saved.get(a1.aiMessageId)).toMatchObject({ used: 2, row: { ai_response: 'one, with "quotes" and {braces} \\ too', status: 'complete', engine: 'llm', notes: ['note one, with "quotes" and {braces} \\ too'] } });
    expect(saved.get(a2.aiMessageId)).toMatchObject({ used: 2, row: { ai_response: 'two', status: 'stopped' } });
    expect(saved.get(b1.aiMessageId)).toMatchObject({ used: 2, row: { ai_response: 'three', sources: [{ title: 'T', url: 'https://example.org/' }] } });
    const stored = await database.db.selectFrom('messages').select(['id', 'ai_response', 'status']).where('id', 'in', [a1.aiMessageId, b1.aiMessageId]).execute();
    expect(Object.fromEntries(stored.map((row) => [row.id, row.status]))).toEqual({ [a1.aiMessageId]: 'complete', [b1.aiMessageId]: 'complete' });
  });

  it('saves 30 concurrent answers with their own text and count, and fails only the one the database refuses', async () => {
    const replies = createReplyService({ db: database.db, engine: echoEngine, planFor: async () => 'Gold', log: silent });
    const userId = randomUUID();
    const questions = Array.from({ length: 30 }, (_, i) => (i === 7 ? `question ${i} refused` : `question ${i}`));
    const prepared = await Promise.all(questions.map((message) => replies.send({ userId, bearer: 'unused', message, timeZone: 'UTC' })));
    const outcomes = await Promise.all(prepared.map((reply) => reply.run(() => {}, new AbortController().signal)));

    outcomes.forEach((outcome, i) => {
      if (i === 7) {
        expect(outcome).toMatchObject({ status: 'failed', reason: 'the answer could not be saved', message: null });
        return;
      }
      expect(outcome.status).toBe('complete');
      if (outcome.status === 'failed') return;
      expect(outcome.message).toMatchObject({ id: prepared[i]!.aiMessageId, text: `About question ${i}`, status: 'complete', sender: 'ai' });
      // Each count was read in the statement that saved the answer: all 30 were counted before any ended (the
      // refused one is given back after its save failed, which may come first).
      expect([29, 30]).toContain(outcome.usage.messages_today);
    });
    const rows = await database.db.selectFrom('messages').select(['id', 'ai_response', 'status']).where('ai_response', 'is not', null).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    prepared.forEach((reply, i) => {
      expect(byId.get(reply.aiMessageId)).toMatchObject(i === 7 ? { ai_response: '', status: 'failed' } : { ai_response: `About question ${i}`, status: 'complete' });
    });
    // The person was told that answer failed: it was saved as failed, without the text the database refused, and its message given back.
    const counter = await database.db.selectFrom('chat_usage_counters').select('used').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(counter.used).toBe(29);
  });
});
