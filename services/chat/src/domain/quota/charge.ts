// What a message costs when its answer ends (issue 29, item 3): the person pays for an answer they received.
//
// - complete: charged.
// - stopped by the person (Stop, a closed tab, a lost connection): charged only once at least
//   STOPPED_ANSWER_CHARGED_FROM_CHARS characters of it had been sent to them, i.e. most of a typical answer (the
//   offline responder's run from 750 to 1,950 characters, 1,300 in the middle). Stopped before that, the message
//   is given back; the partial text is kept in the conversation, marked Stopped. So 20 streams dropped after their
//   first bytes cost nothing, while reading most of an answer and then leaving is not a way around the day's limit.
//   The JSON route sends nothing before the answer is complete: a person who leaves it is never charged.
// - stopped because the service is shutting down, failed, or answered by the offline responder because the
//   configured model failed: given back (not the person's doing).

/** Characters of an answer sent to the person after which stopping it still costs the message. */
export const STOPPED_ANSWER_CHARGED_FROM_CHARS = 600;

export interface AnswerEnding {
  status: 'complete' | 'stopped' | 'failed';
  /** Characters of the answer sent to the person before it ended (0 on the JSON route until it completes). */
  sentChars: number;
  /** Stopped by the service (it is shutting down), not by the person. */
  stoppedByService: boolean;
  /** The configured model failed and the offline responder answered. */
  modelFailed: boolean;
}

/** Whether the answer's message stays counted; otherwise it is given back, once, as the answer is saved. */
export function messageCharged(ending: AnswerEnding): boolean {
  if (ending.status === 'failed' || ending.modelFailed) return false;
  if (ending.status === 'complete') return true;
  return !ending.stoppedByService && ending.sentChars >= STOPPED_ANSWER_CHARGED_FROM_CHARS;
}
