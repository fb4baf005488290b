// The reply service's writes that are batched: messages arriving at the same moment are written together
// (a group commit: the limit is exactly as strict, see service-kit's group-commit.ts), conversations are read
// together, and answers ending together are saved in one statement.
import { batches, groupCommit } from '@keisha/service-kit';
import type { MessageRow } from '../db/database.ts';
import type { AnswerEnd, MessagesRepository } from '../db/repositories/messages.ts';
import {
  counterKey,
  type ContinuedConversation,
  type ConversationContinuation,
  type ConversationStart,
  type OwnedConversation,
  type SessionsRepository,
  type StartedConversation,
} from '../db/repositories/sessions.ts';
import { DEFAULT_HISTORY_BUDGET } from '../domain/conversation.ts';

/** Rows read for the model's history: enough for its turn budget (a bubble is a row). */
export const HISTORY_ROWS = DEFAULT_HISTORY_BUDGET.maxTurns * 2;

/** A message's conversation was not its caller's when it was written (deleted meanwhile): a 404. */
export class ConversationGone extends Error {
  constructor() {
    super('the conversation is not the caller’s');
    this.name = 'ConversationGone';
  }
}

/** An answer that could not be saved because it is no longer streaming. */
export const answerGone = () => new Error('the answer is no longer streaming (its conversation was deleted, or the sweep failed it)');

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function replyWrites(sessions: SessionsRepository, messages: MessagesRepository) {
  return {
    // New conversations started at the same time are written together: one statement and one commit for
    // a burst (one account's burst would otherwise queue on its counter row, one commit each).
    startConversation: groupCommit<ConversationStart, StartedConversation>({
      counterOf: (start) => counterKey(start.userId, start.day),
      limitOf: (start) => start.limit,
      writeAll: (batch) => sessions.startAllWithMessages(batch),
      writeOne: async ({ userId, title, text, day, limit }) => {
        const started = await sessions.startWithMessage(userId, title, text, { day, limit });
        return started && { used: started.used, value: started };
      },
    }),
    // Messages to existing conversations sent at the same time are written together too (the same rules, one
    // call of the database's function for the batch). A conversation deleted meanwhile fails only its own message.
    continueConversation: groupCommit<ConversationContinuation, ContinuedConversation>({
      counterOf: (message) => counterKey(message.userId, message.day),
      limitOf: (message) => message.limit,
      writeAll: (batch) => sessions.continueAllWithMessages(batch, HISTORY_ROWS),
      writeOne: async (message) => {
        const written = await sessions.continueWithMessage(message, HISTORY_ROWS);
        if (written === 'not-found') throw new ConversationGone();
        return written && { used: written.used, value: written };
      },
    }),
    // The conversations that messages arriving together go to, each read (if it is its caller's) with its
    // history in one statement for all: 100 messages at once made 200 reads queue for the pool's connections.
    readConversation: batches<{ userId: string; sessionId: string }, OwnedConversation | undefined>((requests) =>
      sessions.ownedWithHistory(requests, HISTORY_ROWS),
    ),
    // Answers that end at the same moment are saved together, each with its day's count read back: one
    // statement and one commit for all (two each otherwise). If that statement fails, each is saved
    // alone, so an answer that cannot be stored fails alone.
    saveEnded: batches<AnswerEnd, { row: MessageRow; used: number }>(async (ends) => {
      try {
        const saved = await messages.finishAll(ends);
        return ends.map((end) => saved.get(end.id) ?? answerGone());
      } catch (error) {
        if (ends.length === 1) return [asError(error)];
        return Promise.all(
          ends.map((end) =>
            messages.finishAll([end]).then(
              (saved) => saved.get(end.id) ?? answerGone(),
              (alone: unknown) => asError(alone),
            ),
          ),
        );
      }
    }),
  };
}
export type ReplyWrites = ReturnType<typeof replyWrites>;
