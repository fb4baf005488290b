import type { ChatEngine, ChatSource } from '@keisha/contracts/chat';
import type { ModelTurn } from '../domain/conversation.ts';

export interface AnswerRequest {
  /** Keisha's prompt, built on the server (domain/persona.ts). */
  systemPrompt: string;
  /** Earlier turns of the conversation, oldest first. */
  history: ModelTurn[];
  /** The message to answer. */
  question: string;
  /** Set when a configured language model failed and the offline responder answers instead. */
  modelFailure?: string;
}

/**
 * What an engine yields: `start` once, before any text (which engine answers, its sources and
 * notes), then `delta`s of text, and possibly `note`s (said to the reader, saved with the answer).
 */
export type AnswerEvent =
  | { type: 'start'; engine: ChatEngine; sources: ChatSource[]; notes: string[]; /** A configured model failed: the message is not charged. */ modelFailed?: true }
  | { type: 'delta'; text: string }
  | { type: 'note'; text: string };

/**
 * Streams an answer. When `signal` aborts (the person stopped, or the service is closing) the
 * engine ends quietly and releases what it holds upstream. A failure after some text was sent is
 * thrown as an AnswerInterrupted; the engine decides itself what to do about failures before.
 */
export type AnswerEngine = (request: AnswerRequest, signal: AbortSignal) => AsyncIterable<AnswerEvent>;

/** The answer broke off after it had started: the partial text is kept and marked failed. */
export class AnswerInterrupted extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`answer interrupted: ${reason}`, options);
    this.name = 'AnswerInterrupted';
    this.reason = reason;
  }
}
