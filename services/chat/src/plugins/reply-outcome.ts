// What the reply service hands to the routes: a reply accepted and counted, how its answer ended, and the
// errors that end a reply before it is accepted.
import { CHAT_TEXT, type ChatEngine, type ChatMessage, type ChatSession, type ChatSource, type ChatTier, type ChatUsage } from '@keisha/contracts/chat';

/** The 429 of the daily limit, with the usage the paywall shows. */
export class MessageLimitReached extends Error {
  readonly usage: ChatUsage;
  constructor(usage: ChatUsage) {
    super(CHAT_TEXT.messageLimit);
    this.name = 'MessageLimitReached';
    this.usage = usage;
  }
}

/** Why answers still streaming are cut short when the service stops: not the person's doing, so not counted. */
export class ServiceStopping extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ServiceStopping';
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

/** The day a message was counted in, with the account's plan and the day's count after it. */
export interface Counted {
  userId: string;
  plan: ChatTier;
  day: string;
  timeZone: string;
  resetsAt: Date;
  used: number;
}

/** The day a message counts in and the account's plan and limit, before it is counted. */
export type DayAndPlan = Omit<Counted, 'used'> & { limit: number | null };

export interface ReplyLog {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}
