// One answer from Keisha, from the accepted message to the saved reply. Shared by the JSON route,
// the stream and regenerate, so the rules are in one place:
// - the conversation is the caller's, or 404 (before anything is counted);
// - the message is counted atomically before any work (429 with the usage when the day is used up), in
//   the same statement or transaction that writes the person's bubble and an empty answer bubble
//   (status streaming): one commit, and a message is counted if and only if it is stored. Messages that
//   arrive at the same moment are written together, new conversations in one statement and messages to
//   existing ones in one call of a database function (a group commit: the limit is exactly as strict, see
//   service-kit's group-commit.ts). Writes to an existing conversation hold a lock on it, so they happen
//   one at a time, each seeing the ones before it;
// - the engine is asked before the message is counted and written, so the model's wait for its first
//   token overlaps the database's commit (plugins/started-answer.ts); it is cancelled when the message
//   is refused, and asked again when the history read inside the write differs from the one it was
//   asked with. An account known to have used up its day is not asked early (no wasted model calls);
// - the answer streams from the engine; when it ends it is saved as complete, as stopped (the person
//   stopped or left, or the service is closing: the partial text is kept), or as failed (the model broke off:
//   the partial text is kept). Whether its message stays counted is domain/quota/charge.ts's rule (issue 29):
//   a complete answer counts; one the person stopped counts only once most of a typical answer had been sent
//   to them; one stopped by the service, a failed one, and one by the offline responder because the configured
//   model failed are given back. The message is given back in the statement that saves the answer, so both or
//   neither, and once (only an answer still streaming is saved);
// - while it streams, the answer is held under a lease (plugins/answer-leases.ts). An answer that could not
//   be saved (the database is gone) is no longer held: once its lease runs out, the sweep marks it failed and
//   gives its message back, when the database answers again; so does an answer whose process crashed. A failed
//   reply never counts, and its message is given back once.
import { CHAT_ERRORS, CHAT_TEXT, type ChatEngine, type ChatMessage, type ChatSession, type ChatSource, type ChatTier, type ChatUsage } from '@keisha/contracts/chat';
import { AppError, batches, groupCommit } from '@keisha/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type { ChatDatabase, MessageRow } from '../db/database.ts';
import { messagesRepository, type AnswerEnd } from '../db/repositories/messages.ts';
import {
  counterKey,
  sessionsRepository,
  type ContinuedConversation,
  type ConversationContinuation,
  type OwnedConversation,
  type ConversationStart,
  type StartedConversation,
} from '../db/repositories/sessions.ts';
import { usageRepository } from '../db/repositories/usage.ts';
import { DEFAULT_HISTORY_BUDGET, messageView, modelHistory, sessionView, titleFrom, type ModelTurn } from '../domain/conversation.ts';
import { buildSystemPrompt } from '../domain/persona.ts';
import { readerDaysRepository } from '@keisha/service-kit';
import { dailyMessageLimit, usageView } from '../domain/quota/limits.ts';
import { messageCharged } from '../domain/quota/charge.ts';
import { AnswerInterrupted, type AnswerEngine, type AnswerEvent, type AnswerRequest } from './answer-engine.ts';
import { createAnswerLeases, type AnswerLeases } from './answer-leases.ts';
import type { PlanAccount, PlanResolver } from './plans.ts';
import { sameRequest, startAnswer, type StartedAnswer } from './started-answer.ts';

/** Rows read for the model's history: enough for its turn budget (a bubble is a row). */
const HISTORY_ROWS = DEFAULT_HISTORY_BUDGET.maxTurns * 2;

/** Accounts remembered as having used up their day (only to decide whether to ask the model early). */
const EXHAUSTED_REMEMBERED = 10_000;

/** The longest answer kept; a model that runs on is cut here (its request is closed). */
export const ANSWER_MAX_CHARS = 40_000;

/** The lease of answers written by a reply service made without one (tests). */
const DEFAULT_LEASE_MS = 30_000;

/** Why answers still streaming are cut short when the service stops: not the person's doing, so not counted. */
class ServiceStopping extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ServiceStopping';
  }
}

/** A message's conversation was not its caller's when it was written (deleted meanwhile): a 404. */
class ConversationGone extends Error {
  constructor() {
    super('the conversation is not the caller’s');
    this.name = 'ConversationGone';
  }
}

/** The 429 of the daily limit, with the usage the paywall shows. */
export class MessageLimitReached extends Error {
  readonly usage: ChatUsage;
  constructor(usage: ChatUsage) {
    super(CHAT_TEXT.messageLimit);
    this.name = 'MessageLimitReached';
    this.usage = usage;
  }
}

export type ReplyOutcome =
  | { status: 'complete' | 'stopped'; text: string; engine: ChatEngine; sources: ChatSource[]; notes: string[]; message: ChatMessage; usage: ChatUsage }
  | { status: 'failed'; text: string; reason: string; message: ChatMessage | null; usage: ChatUsage | null };

export interface PreparedReply {
  session: ChatSession;
  sessionCreated: boolean;
  userMessageId: string;
  aiMessageId: string;
  /** Usage after this message was counted. */
  usage: ChatUsage;
  /** performance.now() when the engine was asked, if it was asked before the reply was accepted. */
  askedAt?: number;
  /**
   * Streams the answer (each piece of text sent to the person through `onText`; none for an answer sent whole, when
   * complete) and saves it. Never throws.
   */
  run(onText: ((text: string) => void) | undefined, signal: AbortSignal): Promise<ReplyOutcome>;
}

interface Log {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface ReplyServiceOptions {
  db: Kysely<ChatDatabase>;
  engine: AnswerEngine;
  planFor: PlanResolver;
  log: Log;
  /** The leases of this process's answers; by default one with no instance name and no timer (tests). */
  leases?: AnswerLeases;
}

interface Counted {
  userId: string;
  plan: ChatTier;
  day: string;
  timeZone: string;
  resetsAt: Date;
  used: number;
}

type DayAndPlan = Omit<Counted, 'used'> & { limit: number | null };

export function createReplyService({ db, engine, planFor, log, leases = createAnswerLeases({ db, log, leaseMs: DEFAULT_LEASE_MS }) }: ReplyServiceOptions) {
  const sessions = sessionsRepository(db, leases.holder);
  const messages = messagesRepository(db);
  const usage = usageRepository(db);
  const readerDays = readerDaysRepository(db);
  // New conversations started at the same time are written together: one statement and one commit for
  // a burst (one account's burst would otherwise queue on its counter row, one commit each).
  const startConversation = groupCommit<ConversationStart, StartedConversation>({
    counterOf: (start) => counterKey(start.userId, start.day),
    limitOf: (start) => start.limit,
    writeAll: (batch) => sessions.startAllWithMessages(batch),
    writeOne: async ({ userId, title, text, day, limit }) => {
      const started = await sessions.startWithMessage(userId, title, text, { day, limit });
      return started && { used: started.used, value: started };
    },
  });
  // Messages to existing conversations sent at the same time are written together too (the same rules, one
  // call of the database's function for the batch). A conversation deleted meanwhile fails only its own message.
  const continueConversation = groupCommit<ConversationContinuation, ContinuedConversation>({
    counterOf: (message) => counterKey(message.userId, message.day),
    limitOf: (message) => message.limit,
    writeAll: (batch) => sessions.continueAllWithMessages(batch, HISTORY_ROWS),
    writeOne: async (message) => {
      const written = await sessions.continueWithMessage(message, HISTORY_ROWS);
      if (written === 'not-found') throw new ConversationGone();
      return written && { used: written.used, value: written };
    },
  });
  // The conversations that messages arriving together go to, each read (if it is its caller's) with its
  // history in one statement for all: 100 messages at once made 200 reads queue for the pool's connections.
  const readConversation = batches<{ userId: string; sessionId: string }, OwnedConversation | undefined>((requests) =>
    sessions.ownedWithHistory(requests, HISTORY_ROWS),
  );
  // Answers that end at the same moment are saved together, each with its day's count read back: one
  // statement and one commit for all (two each otherwise). If that statement fails, each is saved
  // alone, so an answer that cannot be stored fails alone.
  const gone = () => new Error('the answer is no longer streaming (its conversation was deleted, or the sweep failed it)');
  const saveEnded = batches<AnswerEnd, { row: MessageRow; used: number }>(async (ends) => {
    try {
      const saved = await messages.finishAll(ends);
      return ends.map((end) => saved.get(end.id) ?? gone());
    } catch (error) {
      if (ends.length === 1) return [error instanceof Error ? error : new Error(String(error))];
      return Promise.all(
        ends.map((end) =>
          messages.finishAll([end]).then(
            (saved) => saved.get(end.id) ?? gone(),
            (alone: unknown) => (alone instanceof Error ? alone : new Error(String(alone))),
          ),
        ),
      );
    }
  });
  const running = new Set<{ controller: AbortController; done: Promise<unknown> }>();
  // `${userId} ${day}` of accounts whose last message used up the day, or that were refused: their next
  // message is likely refused too, so the model is not asked before the count says yes.
  const exhausted = new Set<string>();
  const exhaustedKey = (d: { userId: string; day: string }) => `${d.userId} ${d.day}`;
  const noteUsage = (d: DayAndPlan, used: number | undefined) => {
    const key = exhaustedKey(d);
    exhausted.delete(key);
    if (d.limit === null || (used !== undefined && used < d.limit)) return;
    if (exhausted.size >= EXHAUSTED_REMEMBERED) exhausted.delete(exhausted.values().next().value!);
    exhausted.add(key);
  };

  /** Asks the engine now, unless the account is likely to be refused. */
  const startEarly = (d: DayAndPlan, request: AnswerRequest): StartedAnswer | undefined =>
    exhausted.has(exhaustedKey(d)) ? undefined : startAnswer(engine, request);

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
      noteUsage(d, written.c.used);
      return written;
    } catch (error) {
      if (error === full) {
        noteUsage(d, undefined);
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

  async function answer(
    c: Counted,
    aiMessageId: string,
    events: AsyncIterable<AnswerEvent>,
    onText: ((text: string) => void) | undefined,
    signal: AbortSignal,
  ): Promise<ReplyOutcome> {
    let text = '';
    let sentChars = 0;
    let engineName: ChatEngine | null = null;
    let sources: ChatSource[] = [];
    const notes: string[] = [];
    let failure: string | undefined;
    let modelFailed = false;
    try {
      for await (const event of events) {
        if (event.type === 'start') {
          engineName = event.engine;
          modelFailed = event.modelFailed === true;
          sources = event.sources;
          notes.push(...event.notes);
        } else if (event.type === 'note') {
          notes.push(event.text);
        } else {
          const room = ANSWER_MAX_CHARS - text.length;
          const piece = event.text.slice(0, room);
          text += piece;
          if (piece && onText) {
            onText(piece);
            sentChars += piece.length;
          }
          if (event.text.length > room) {
            notes.push('The answer was cut at its maximum length.');
            break; // closes the engine and its upstream request
          }
        }
      }
    } catch (error) {
      if (!signal.aborted) {
        failure = error instanceof AnswerInterrupted ? error.reason : 'the answer could not be completed';
        log.warn({ err: error, reason: failure }, 'chat answer failed');
      }
    }
    const status = failure ? 'failed' : signal.aborted ? 'stopped' : 'complete';
    if (failure) notes.push(`The answer broke off: ${failure}.`);
    // Whether the message stays counted (domain/quota/charge.ts): the person pays for an answer they received.
    const givenBack = !messageCharged({ status, sentChars, stoppedByService: signal.reason instanceof ServiceStopping, modelFailed });
    const ended = { text, status, engine: engineName, sources, notes } as const;
    try {
      let row: MessageRow;
      let used: number;
      if (givenBack) {
        const saved = await messages.finishGivingBack(aiMessageId, ended);
        exhausted.delete(exhaustedKey(c));
        if (!saved) throw gone();
        row = saved.row;
        used = saved.used ?? (await usage.current(c.userId, c.day));
      } else {
        ({ row, used } = await saveEnded({ id: aiMessageId, answer: ended, userId: c.userId, day: c.day }));
      }
      const view = usageView(c.plan, used, c.resetsAt, c.timeZone);
      const message = messageView(row, new Date());
      if (status === 'failed') return { status, text, reason: failure!, message, usage: view };
      return { status, text, engine: engineName ?? 'embedded', sources, notes, message, usage: view };
    } catch (error) {
      log.error({ err: error }, 'could not save the answer');
      // The person is told the answer failed, so it must not count: it is saved as failed (without its text, which
      // may be what the database refused) and its message given back now, if the database answers; otherwise the
      // sweep does it once it does (the answer's lease is no longer renewed). Only an answer still streaming is.
      await messages
        .finishGivingBack(aiMessageId, { text: '', status: 'failed', engine: engineName, sources: [], notes: [...notes, 'The answer could not be saved.'] })
        .then(() => exhausted.delete(exhaustedKey(c)))
        .catch((again: unknown) => log.warn({ err: again }, 'could not mark the unsaved answer failed; the sweep will'));
      return { status: 'failed', text, reason: 'the answer could not be saved', message: null, usage: null };
    }
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
          noteUsage(d, started?.used);
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
        noteUsage(d, continued?.used);
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
        const lastUser = rows.findLastIndex((row) => row.user_prompt !== null && row.ai_response === null);
        if (lastUser === -1) throw new AppError(409, CHAT_ERRORS.nothingToRegenerate, CHAT_TEXT.nothingToRegenerate);
        const after = rows.slice(lastUser + 1);
        if (after.some(inProgress)) throw new AppError(409, CHAT_ERRORS.replyInProgress, CHAT_TEXT.replyInProgress);
        return { lastUser, after };
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
