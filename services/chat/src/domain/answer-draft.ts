// An answer as it streams in: its text (cut at a maximum length), the engine that writes it, its sources and
// the notes said to the reader. Pure: events in, the answer to save out.
import type { ChatEngine, ChatSource } from '@keisha/contracts/chat';

/** The longest answer kept; a model that runs on is cut here (its request is closed). */
export const ANSWER_MAX_CHARS = 40_000;

export const ANSWER_CUT_NOTE = 'The answer was cut at its maximum length.';

export interface AnswerStart {
  engine: ChatEngine;
  sources: ChatSource[];
  notes: string[];
  /** A configured model failed and the offline responder answers. */
  modelFailed?: true;
}

export function answerDraft(maxChars = ANSWER_MAX_CHARS) {
  let text = '';
  let engine: ChatEngine | null = null;
  let sources: ChatSource[] = [];
  let modelFailed = false;
  const notes: string[] = [];
  return {
    start(start: AnswerStart): void {
      engine = start.engine;
      modelFailed = start.modelFailed === true;
      sources = start.sources;
      notes.push(...start.notes);
    },
    note(note: string): void {
      notes.push(note);
    },
    /** Adds a piece of text: `piece` is what is kept (to send on), `full` that the answer reached its maximum and ends here. */
    append(delta: string): { piece: string; full: boolean } {
      const room = maxChars - text.length;
      const piece = delta.slice(0, room);
      text += piece;
      const full = delta.length > room;
      if (full) notes.push(ANSWER_CUT_NOTE);
      return { piece, full };
    },
    /** The answer broke off (the model failed mid-way): the reader is told why. */
    brokeOff(reason: string): void {
      notes.push(`The answer broke off: ${reason}.`);
    },
    get text() {
      return text;
    },
    get engine() {
      return engine;
    },
    get sources() {
      return sources;
    },
    get notes() {
      return notes;
    },
    get modelFailed() {
      return modelFailed;
    },
  };
}
export type AnswerDraft = ReturnType<typeof answerDraft>;
