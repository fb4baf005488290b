// One answer from Keisha, from the accepted message to the saved reply. Shared by the JSON route,
// the stream and regenerate, so the rules are in one place:
// - the conversation is the caller's, or 404 (before anything is counted);
// - the message is counted atomically before any work (429 with the usage when the day is used up), in
//   the same statement or transaction that writes the person's bubble and an empty answer bubble
//   (status streaming): one commit, and a message is counted if and only if it is stored. Messages that
//   arrive at the same moment are written together, new conversations in one statement and messages to
//   existing ones in one call of a database function (plugins/reply-writes.ts). Writes to an existing
//   conversation hold a lock on it, so they happen one at a time, each seeing the ones before it;
// - the engine is asked before the message is counted and written, so the model's wait for its first
//   token overlaps the database's commit (plugins/started-answer.ts); it is cancelled when the message
//   is refused, and asked again when the history read inside the write differs from the one it was
//   asked with. An account known to have used up its day is not asked early (no wasted model calls);
// - the answer streams from the engine and is saved when it ends (plugins/reply-answer.ts). Whether its message
//   stays counted is domain/quota/charge.ts's rule (issue 29): a complete answer counts; one the person stopped
//   counts only once most of a typical answer had been sent to them; one stopped by the service, a failed one,
//   and one by the offline responder because the configured model failed are given back;
// - while it streams, the answer is held under a lease (plugins/answer-leases.ts). An answer that could not
//   be saved (the database is gone) is no longer held: once its lease runs out, the sweep marks it failed and
//   gives its message back, when the database answers again; so does an answer whose process crashed. A failed
//   reply never counts, and its message is given back once.
import { CHAT_ERRORS, CHAT_TEXT, type ChatSession } from '@keisha/contracts/chat';
import { AppError, readerDaysRepository } from '@keisha/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type { ChatDatabase, MessageRow } from '../db/database.ts';
import { messagesRepository } from '../db/repositories/messages.ts';
import { sessionsRepository } from '../db/repositories/sessions.ts';
import { usageRepository } from '../db/repositories/usage.ts';
import { modelHistory, sessionView, titleFrom, type ModelTurn } from '../domain/conversation.ts';
import { buildSystemPrompt } from '../domain/persona.ts';
import { exhaustedDays } from '../domain/quota/exhausted-days.ts';
import { dailyMessageLimit, usageView } from '../domain/quota/limits.ts';
import { regenerationTarget } from '../domain/regeneration.ts';
import type { AnswerEngine, AnswerRequest } from './answer-engine.ts';
import { createAnswerLeases, type AnswerLeases } from './answer-leases.ts';
import type { PlanAccount, PlanResolver } from './plans.ts';
import { answerRunner } from './reply-answer.ts';
import { MessageLimitReached, ServiceStopping, type Counted, type DayAndPlan, type PreparedReply, type ReplyLog } from './reply-outcome.ts';
import { ConversationGone, HISTORY_ROWS, replyWrites } from './reply-writes.ts';
import { sameRequest, startAnswer, type StartedAnswer } from './started-answer.ts';

/** The lease of answers written by a reply service made without one (tests). */
const DEFAULT_LEASE_MS = 30_000;

export interface ReplyServiceOptions {
  db: Kysely<ChatDatabase>;
  engine: AnswerEngine;
  planFor: PlanResolver;
  log: ReplyLog;
  /** The leases of this process's answers; by default one with no instance name and no timer (tests). */
  leases?: AnswerLeases;
}

export function createReplyService({ db, engine, planFor, log, leases = createAnswerLeases({ db, log, leaseMs: DEFAULT_LEASE_MS }) }: ReplyServiceOptions) {
  const sessions = sessionsRepository(db, leases.holder);
  const messages = messagesRepository(db);
  const usage = usageRepository(db);
  const readerDays = readerDaysRepository(db);
  const { startConversation, continueConversation, readConversation, saveEnded } = replyWrites(sessions, messages);
  const running = new Set<{ controller: AbortController; done: Promise<unknown> }>();
  // Accounts whose last message used up the day, or that were refused: their next message is likely refused
  // too, so the model is not asked before the count says yes.
  const exhausted = exhaustedDays();
  const answer = answerRunner({ messages, usage, saveEnded, exhausted, log });

  /** Asks the engine now, unless the account is likely to be refused. */
  const startEarly = (d: DayAndPlan, request: AnswerRequest): StartedAnswer | undefined =>
    exhausted.has(d) ? undefined : startAnswer(engine, request);

  /** Runs `accept` with an answer started early, which is cancelled when the message is not accepted. */
  async function withEarlyAnswer<T>(early: StartedAnswer | undefined, accept: () => Promise<T>): Promise<T> {
    try {
      return await accept();
    } catch (error) {
      early?.cancel('the message was not accepted');
      throw error;
    }
  }

  const sessionNotFound = () => new AppError(404, CHAT_ERRORS.sessionNotFound, CHAT_TEXT.sessionNotFound);

  /** The day the message counts in and the account's plan (asked at the same time). */
  async function dayAndPlan(account: PlanAccount, timeZone: string): Promise<DayAndPlan> {
    const { userId } = account;
    // The reader's stored day; the request's zone only says where a new day should start.
    const [plan, days] = await Promise.all([planFor(account), readerDays.resolve([userId], timeZone)]);
    const readerDay = days.get(userId)!;
    return { userId, plan, limit: dailyMessageLimit(plan), day: readerDay.day, timeZone: readerDay.timeZone, resetsAt: readerDay.endsAt };
  }

  async function limitReached(d: Omit<Counted, 'used'>): Promise<MessageLimitReached> {
    return new MessageLimitReached(usageView(d.plan, await usage.current(d.userId, d.day), d.resetsAt, d.timeZone));
  }

  /**
   * Runs `write` in a transaction that first takes the message from the day's allowance (one commit for
   * both: the message is counted if and only if its bubbles are written), or throws MessageLimitReached.
   * The counter row is locked before the conversation's, in every path, so two sends cannot deadlock.
   */
  async function countedWrite<T>(d: DayAndPlan, write: (trx: Transaction<ChatDatabase>, c: Counted) => Promise<T>): Promise<{ c: Counted; result: T }> {
    const full = Symbol('limit reached');
    try {
      const written = await db.transaction().execute(async (trx) => {
        const used = await usage.reserve(d.userId, d.day, d.limit, trx);
        if (used === undefined) throw full;
        const c = { ...d, used };
        return { c, result: await write(trx, c) };
      });
      exhausted.note(d, written.c.used);
      return written;
    } catch (error) {
      if (error === full) {
        exhausted.note(d, undefined);
        throw await limitReached(d);
      }
      throw error;
    }
  }

  function prepared(
    c: Counted,
    args: { session: ChatSession; sessionCreated: boolean; userMessageId: string; aiMessageId: string; request: AnswerRequest },
    early: StartedAnswer | undefined,
  ): PreparedReply {
    // The early answer is used only if it was asked exactly what the accepted reply asks.
    if (early && !sameRequest(early.request, args.request)) {
      early.cancel('the conversation changed before the message was written');
      early = undefined;
    }
    return {
      session: args.session,
      sessionCreated: args.sessionCreated,
      userMessageId: args.userMessageId,
      aiMessageId: args.aiMessageId,
      usage: usageView(c.plan, c.used, c.resetsAt, c.timeZone),
      askedAt: early?.askedAt,
      run: (onText, clientSignal) => {
        const started = early ?? startAnswer(engine, args.request);
        const { controller } = started;
        const abort = () => controller.abort(clientSignal.reason);
        if (clientSignal.aborted) abort();
        else clientSignal.addEventListener('abort', abort, { once: true });
        const entry = { controller, done: Promise.resolve() as Promise<unknown> };
        const release = leases.hold(args.aiMessageId);
        const done = answer(c, args.aiMessageId, started.events, onText, controller.signal).finally(() => {
          release();
          clientSignal.removeEventListener('abort', abort);
          running.delete(entry);
        });
        entry.done = done;
        running.add(entry);
        return done;
      },
    };
  }

  function historyBefore(rows: MessageRow[], index: number) {
    return modelHistory(rows.slice(Math.max(0, index - HISTORY_ROWS), index));
  }

  return {
    /** A new message, in a new conversation or in one of the caller's. */
    async send(args: { userId: string; bearer: string; message: string; sessionId?: string | null; timeZone: string }): Promise<PreparedReply> {
      const { userId, message, sessionId } = args;
      const account = { userId, bearer: args.bearer };
      const title = titleFrom(message);
      if (!sessionId) {
        // A new conversation: counted and written in one statement, while the model is asked.
        const d = await dayAndPlan(account, args.timeZone);
        const request: AnswerRequest = { systemPrompt: buildSystemPrompt(d.plan), history: [], question: message };
        const early = startEarly(d, request);
        const started = await withEarlyAnswer(early, async () => {
          const started = await startConversation({ userId, title, text: message, day: d.day, limit: d.limit });
          exhausted.note(d, started?.used);
          if (!started) throw await limitReached(d);
          return started;
        });
        const c = { ...d, used: started.used };
        const { session, userMessageId, aiMessageId } = started.value;
        return prepared(c, { session: sessionView(session), sessionCreated: true, userMessageId, aiMessageId, request }, early);
      }
      // Checked before counting: a message to a conversation that is not yours is never counted. The
      // history is read at the same time (used only once the conversation is known to be the caller's).
      // The account's day and plan are looked up meanwhile (they are the caller's own, whatever the answer).
      const [owned, d] = await Promise.all([readConversation({ userId, sessionId }), dayAndPlan(account, args.timeZone)]);
      if (!owned) throw sessionNotFound();
      const rowsBefore = owned.history;
      const request = (history: ModelTurn[]): AnswerRequest => ({ systemPrompt: buildSystemPrompt(d.plan), history, question: message });
      const early = startEarly(d, request(modelHistory(rowsBefore)));
      // Counted and written with the messages that arrive with it (one call of the database's function, one
      // commit), with the history read again under the conversation's lock: that is the history the answer is for.
      const written = await withEarlyAnswer(early, async () => {
        const continued = await continueConversation({ userId, sessionId, autoTitle: title, text: message, day: d.day, limit: d.limit }).catch((error: unknown) => {
          throw error instanceof ConversationGone ? sessionNotFound() : error; // deleted meanwhile
        });
        exhausted.note(d, continued?.used);
        if (!continued) throw await limitReached(d);
        return continued;
      });
      // The message's own count (a batch's row carries its account's count after the whole batch).
      const c = { ...d, used: written.used };
      const { session, userMessageId, aiMessageId, history } = written.value;
      return prepared(c, { session: sessionView(session), sessionCreated: false, userMessageId, aiMessageId, request: request(modelHistory(history)) }, early);
    },

    /** Answers the conversation's last message again, replacing the answer(s) after it. */
    async regenerate(args: { userId: string; bearer: string; sessionId: string; timeZone: string }): Promise<PreparedReply> {
      const check = (rows: MessageRow[], inProgress: (row: MessageRow) => boolean) => {
        const target = regenerationTarget(rows, inProgress);
        if (target.kind === 'nothing-to-regenerate') throw new AppError(409, CHAT_ERRORS.nothingToRegenerate, CHAT_TEXT.nothingToRegenerate);
        if (target.kind === 'reply-in-progress') throw new AppError(409, CHAT_ERRORS.replyInProgress, CHAT_TEXT.replyInProgress);
        return target;
      };
      // The newest rows are enough: the last message and the answers after it (bounded work for long conversations).
      const recent = (trx?: Transaction<ChatDatabase>) => messages.recentForSession(args.sessionId, HISTORY_ROWS + 4, trx);
      const [owned, rowsBefore] = await Promise.all([sessions.findOwned(args.userId, args.sessionId), recent()]);
      if (!owned) throw sessionNotFound();
      const before = check(rowsBefore, (row) => leases.isLive(row)); // refuse before counting
      // An answer whose process is gone is failed and its message given back first: an answer is never deleted
      // while it is still counted as streaming (its message would never be given back).
      if (before.after.some((row) => row.status === 'streaming')) await leases.sweepConversation(args.sessionId);
      const d = await dayAndPlan({ userId: args.userId, bearer: args.bearer }, args.timeZone);
      const request = (rows: MessageRow[], lastUser: number): AnswerRequest => ({
        systemPrompt: buildSystemPrompt(d.plan),
        history: historyBefore(rows, lastUser),
        question: rows[lastUser]!.user_prompt!,
      });
      const early = startEarly(d, request(rowsBefore, before.lastUser));
      const { c, result } = await withEarlyAnswer(early, () =>
        countedWrite(d, async (trx, counted) => {
          const session = await sessions.touchOwned(trx, args.userId, args.sessionId, null);
          if (!session) throw sessionNotFound();
          const rows = await recent(trx);
          const { lastUser, after } = check(rows, (row) => row.status === 'streaming');
          await messages.deleteIds(trx, after.map((row) => row.id));
          const ai = await messages.insertAnswer(trx, args.sessionId, leases.holder, counted.day);
          return { session: sessionView(session), sessionCreated: false, userMessageId: rows[lastUser]!.id, aiMessageId: ai.id, request: request(rows, lastUser) };
        }),
      );
      return prepared(c, result, early);
    },

    /** Stops every answer in progress (their partial text is saved as stopped, their messages given back) and waits for the saves. */
    async stopAll(reason = 'the service is shutting down'): Promise<void> {
      const entries = [...running];
      for (const entry of entries) entry.controller.abort(new ServiceStopping(reason));
      await Promise.allSettled(entries.map((entry) => entry.done));
    },
  };
}
export type ReplyService = ReturnType<typeof createReplyService>;
