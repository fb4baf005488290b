// The offline responder on two-turn dialogues (dialogues.ts): a follow-up that leans on the last question, and a
// change of topic that must not be pulled back to it.
import { describe, expect, it } from 'vitest';
import { CHANGES_OF_TOPIC, FOLLOW_UPS } from './dialogues.ts';
import { dialogueMisses as misses } from './evaluation.ts';
import { answerOffline } from './offline.ts';

describe('offline answers to follow-ups', () => {
  it('answers at least 20 of the 24 follow-ups with a passage that answers them (9 did with the earlier rule)', () => {
    const missed = misses(FOLLOW_UPS);
    expect(missed.length, missed.join('\n')).toBeLessThanOrEqual(4);
  });

  it('answers every change of topic on the new topic', () => {
    expect(misses(CHANGES_OF_TOPIC)).toEqual([]);
  });

  it('keeps the topic through "tell me more": the next question still leans on the last one with words of its own', () => {
    const question = 'How is the bias score computed?';
    const first = answerOffline(question);
    const more = answerOffline('tell me more', { history: [{ role: 'user', content: question }, { role: 'assistant', content: first.text }] });
    expect(more.passageIds[0]).not.toBe(first.passageIds[0]);
    const then = answerOffline('How accurate is it?', {
      history: [
        { role: 'user', content: question },
        { role: 'assistant', content: first.text },
        { role: 'user', content: 'tell me more' },
        { role: 'assistant', content: more.text },
      ],
    });
    expect(then.passageIds[0]).toBe('decoder/score');
  });
});
