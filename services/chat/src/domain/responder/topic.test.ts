// The offline responder stays on its topic (issue 31, item 4): every off-topic question gets the honest "I have no
// notes on that" with what Keisha can help with, alone or in a conversation, and every on-topic question, phrased as
// readers ask it, gets a passage that answers it. The questions and their labels are in topic-questions.ts, the
// figures in `npm run eval:chat`.
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE, TOPIC_NAMES, type TopicId } from '../knowledge/index.ts';
import { offTopicInConversationMisses, offTopicMisses, onTopicMisses } from './evaluation.ts';
import { answerOffline } from './offline.ts';
import { FIRST_RUNS, QUESTION_SETS } from './topic-questions.ts';

const OFF_TOPIC = QUESTION_SETS.flatMap((set) => set.offTopic);
const ON_TOPIC = QUESTION_SETS.flatMap((set) => set.onTopic);

describe('the offline responder on and off its topic', () => {
  it('has sets of at least 30 questions of each kind, each with its recorded first run, every passage answering one', () => {
    for (const set of QUESTION_SETS) {
      expect(set.offTopic.length, set.name).toBeGreaterThanOrEqual(30);
      expect(set.onTopic.length, set.name).toBeGreaterThanOrEqual(30);
      expect(FIRST_RUNS[set.name], set.name).toBeDefined();
    }
    expect(new Set(OFF_TOPIC).size).toBe(OFF_TOPIC.length);
    expect(new Set(ON_TOPIC.map(([q]) => q)).size).toBe(ON_TOPIC.length);
    const ids = new Set(KNOWLEDGE.map((p) => p.id));
    for (const [question, answeredBy] of ON_TOPIC) for (const id of answeredBy) expect(ids.has(id), `${question}: ${id}`).toBe(true);
    const labelled = new Set(ON_TOPIC.flatMap(([, answeredBy]) => answeredBy));
    // Keisha's own introduction answers greetings only.
    expect(KNOWLEDGE.filter((p) => p.id !== 'keisha/who' && !labelled.has(p.id)).map((p) => p.id)).toEqual([]);
  });

  it('answers every off-topic question with "I have no notes on that"', () => {
    expect(offTopicMisses(OFF_TOPIC)).toEqual([]);
  });

  it('does so also when the question comes after an on-topic one, where a follow-up may lean on the last question', () => {
    for (const set of QUESTION_SETS) {
      expect(offTopicInConversationMisses(set.offTopic, set.onTopic.map(([q]) => q)), set.name).toEqual([]);
    }
  });

  it('gives every on-topic question a passage that answers it', () => {
    expect(onTopicMisses(ON_TOPIC)).toEqual([]);
  });

  it('no longer takes France for Frances Cress Welsing, nor misses AI hiring asked "in detail" (the issue’s examples)', () => {
    const france = answerOffline('What is the capital of France?');
    expect(france.kind).toBe('no-match');
    expect(france.text).not.toContain('Welsing');
    const hiring = answerOffline('Explain racial bias in AI hiring systems in detail');
    expect(hiring.kind).toBe('answer');
    expect(['ai-bias/proxies', 'enterprise/nyc-local-law-144', 'ai-bias/what-it-is']).toContain(hiring.passageIds[0]);
    // Asked after another question, it is a new topic, not a follow-up.
    const first = answerOffline('What is redlining?');
    const after = answerOffline('Explain racial bias in AI hiring systems in detail', {
      history: [{ role: 'user', content: 'What is redlining?' }, { role: 'assistant', content: first.text }],
    });
    expect(['ai-bias/proxies', 'enterprise/nyc-local-law-144', 'ai-bias/what-it-is']).toContain(after.passageIds[0]);
  });

  it('says plainly that it has no notes, and lists what Keisha can help with, with an example question for each', () => {
    const answer = answerOffline('Who won the Super Bowl in 2020?');
    expect(answer.kind).toBe('no-match');
    expect(answer.text).toContain('I have no notes on that in my offline library');
    for (const topic of Object.keys(TOPIC_NAMES) as TopicId[]) {
      if (topic !== 'keisha') expect(answer.text).toContain(`- ${TOPIC_NAMES[topic]}, for example: "`);
    }
    expect(answer.sources).toEqual([]);
  });

  it('answers the short core questions a reader starts with', () => {
    for (const [question, topic] of [
      ['What is racism?', 'white-supremacy'],
      ['What is white supremacy?', 'white-supremacy'],
      ['What can I do about racism?', 'strategies'],
      ['Is AI biased?', 'ai-bias'],
    ] as const) {
      const answer = answerOffline(question);
      expect(answer.kind, question).toBe('answer');
      expect(KNOWLEDGE.find((p) => p.id === answer.passageIds[0])!.topic, question).toBe(topic);
    }
  });

  it('still admits when an on-topic question is one its notes do not cover, rather than answering a neighbour', () => {
    for (const question of ['What is critical race theory?', 'Tell me about the Tulsa race massacre', 'What is white privilege?']) {
      expect(answerOffline(question).kind, question).toBe('no-match');
    }
  });
});
