import { describe, expect, it } from 'vitest';
import { messageCharged, STOPPED_ANSWER_CHARGED_FROM_CHARS } from './charge.ts';

const ending = { status: 'stopped' as const, sentChars: 0, stoppedByService: false, modelFailed: false };

describe('messageCharged', () => {
  it('charges a complete answer, and one the person stopped after most of a typical answer reached them', () => {
    expect(messageCharged({ ...ending, status: 'complete', sentChars: 12 })).toBe(true);
    expect(messageCharged({ ...ending, status: 'complete', sentChars: 0 })).toBe(true); // the JSON route
    expect(messageCharged({ ...ending, sentChars: STOPPED_ANSWER_CHARGED_FROM_CHARS })).toBe(true);
  });

  it('gives back an answer stopped before that, cut by the service, failed, or answered offline because the model failed', () => {
    expect(messageCharged({ ...ending, sentChars: 0 })).toBe(false);
    expect(messageCharged({ ...ending, sentChars: STOPPED_ANSWER_CHARGED_FROM_CHARS - 1 })).toBe(false);
    expect(messageCharged({ ...ending, sentChars: 5_000, stoppedByService: true })).toBe(false);
    expect(messageCharged({ ...ending, status: 'failed', sentChars: 5_000 })).toBe(false);
    expect(messageCharged({ ...ending, status: 'complete', sentChars: 5_000, modelFailed: true })).toBe(false);
  });
});
