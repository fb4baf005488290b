// An accepted reply's answer, from the engine's first event to the saved row: it streams to the person (cut at
// its maximum length) and ends complete, stopped (the person stopped or left, or the service is closing: the
// partial text is kept) or failed (the model broke off: the partial text is kept). Whether its message stays
// counted is domain/quota/charge.ts's rule; a message given back is given back in the statement that saves the
// answer, so both or neither, and once (only an answer still streaming is saved).
import type { MessageRow } from '../db/database.ts';
import type { MessagesRepository } from '../db/repositories/messages.ts';
import type { UsageRepository } from '../db/repositories/usage.ts';
import { answerDraft } from '../domain/answer-draft.ts';
import { messageView } from '../domain/conversation.ts';
import { messageCharged } from '../domain/quota/charge.ts';
import type { ExhaustedDays } from '../domain/quota/exhausted-days.ts';
import { usageView } from '../domain/quota/limits.ts';
import { AnswerInterrupted, type AnswerEvent } from './answer-engine.ts';
import { ServiceStopping, type Counted, type ReplyLog, type ReplyOutcome } from './reply-outcome.ts';
import { answerGone, type ReplyWrites } from './reply-writes.ts';

interface AnswerParts {
  messages: MessagesRepository;
  usage: UsageRepository;
  saveEnded: ReplyWrites['saveEnded'];
  exhausted: ExhaustedDays;
  log: ReplyLog;
}

export function answerRunner({ messages, usage, saveEnded, exhausted, log }: AnswerParts) {
  return async function answer(
    c: Counted,
    aiMessageId: string,
    events: AsyncIterable<AnswerEvent>,
    onText: ((text: string) => void) | undefined,
    signal: AbortSignal,
  ): Promise<ReplyOutcome> {
    const draft = answerDraft();
    let sentChars = 0;
    let failure: string | undefined;
    try {
      for await (const event of events) {
        if (event.type === 'start') draft.start(event);
        else if (event.type === 'note') draft.note(event.text);
        else {
          const { piece, full } = draft.append(event.text);
          if (piece && onText) {
            onText(piece);
            sentChars += piece.length;
          }
          if (full) break; // closes the engine and its upstream request
        }
      }
    } catch (error) {
      if (!signal.aborted) {
        failure = error instanceof AnswerInterrupted ? error.reason : 'the answer could not be completed';
        log.warn({ err: error, reason: failure }, 'chat answer failed');
      }
    }
    const status = failure ? 'failed' : signal.aborted ? 'stopped' : 'complete';
    if (failure) draft.brokeOff(failure);
    const { text, engine, sources, notes } = draft;
    // Whether the message stays counted (domain/quota/charge.ts): the person pays for an answer they received.
    const givenBack = !messageCharged({ status, sentChars, stoppedByService: signal.reason instanceof ServiceStopping, modelFailed: draft.modelFailed });
    const ended = { text, status, engine, sources, notes } as const;
    try {
      let row: MessageRow;
      let used: number;
      if (givenBack) {
        const saved = await messages.finishGivingBack(aiMessageId, ended);
        exhausted.forget(c);
        if (!saved) throw answerGone();
        row = saved.row;
        used = saved.used ?? (await usage.current(c.userId, c.day));
      } else {
        ({ row, used } = await saveEnded({ id: aiMessageId, answer: ended, userId: c.userId, day: c.day }));
      }
      const view = usageView(c.plan, used, c.resetsAt, c.timeZone);
      const message = messageView(row, new Date());
      if (status === 'failed') return { status, text, reason: failure!, message, usage: view };
      return { status, text, engine: engine ?? 'embedded', sources, notes, message, usage: view };
    } catch (error) {
      log.error({ err: error }, 'could not save the answer');
      // The person is told the answer failed, so it must not count: it is saved as failed (without its text, which
      // may be what the database refused) and its message given back now, if the database answers; otherwise the
      // sweep does it once it does (the answer's lease is no longer renewed). Only an answer still streaming is.
      await messages
        .finishGivingBack(aiMessageId, { text: '', status: 'failed', engine, sources: [], notes: [...notes, 'The answer could not be saved.'] })
        .then(() => exhausted.forget(c))
        .catch((again: unknown) => log.warn({ err: again }, 'could not mark the unsaved answer failed; the sweep will'));
      return { status: 'failed', text, reason: 'the answer could not be saved', message: null, usage: null };
    }
  };
}
