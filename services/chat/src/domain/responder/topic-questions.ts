// Questions for the offline responder's topic evaluation (issue 31, item 4), gathered into sets: off-topic questions
// that must get the honest "I have no notes on that" answer (off-topic-questions.ts), and on-topic questions, phrased
// as readers ask them (not copied from the notes), each with the passages that answer it (its first passage must be
// one of them; on-topic-questions.ts).
//
// How they were used (figures in docs/chat.md, "The offline responder never answers another question"):
// - Set 1 (OFF_TOPIC, ON_TOPIC) was written before the responder was changed; every other question went to tuning,
//   the rest was held out. The held-out half was run once after tuning (32 of 32 off-topic, 27 of 34 on-topic) and
//   its misses were then looked at: so all of set 1 is now tuning.
// - Set 2 (OFF_TOPIC_2, ON_TOPIC_2) was written after that run and before any fix made for its misses. It was run
//   once after tuning on set 1 (34 of 34 off-topic, 31 of 36 on-topic); its misses were then looked at, so it is
//   tuning too.
// - Set 3 (OFF_TOPIC_3, ON_TOPIC_3) was written after that and before any further change. It was run once after
//   tuning on sets 1 and 2 (37 of 37 off-topic, 35 of 42 on-topic); its misses were then looked at, so it is tuning
//   too.
// - Set 4 (OFF_TOPIC_4, ON_TOPIC_4) was written after that and before any further change. It was run once after
//   tuning on sets 1-3 (36 of 36 off-topic, 35 of 42 on-topic); its misses were then looked at, so it is tuning too.
// - Set 5 (OFF_TOPIC_5, ON_TOPIC_5) was written after that and before any further change. It was run once after
//   tuning on sets 1-4 (35 of 35 off-topic, 38 of 42 on-topic); its misses were then looked at, so it is tuning too.
// So every set is tuning now: the honest figures for questions the responder was not tuned on are each set's first
// run, kept in FIRST_RUNS below with the old responder's figures on the same questions.

import { OFF_TOPIC, OFF_TOPIC_2, OFF_TOPIC_3, OFF_TOPIC_4, OFF_TOPIC_5 } from './off-topic-questions.ts';
import { ON_TOPIC, ON_TOPIC_2, ON_TOPIC_3, ON_TOPIC_4, ON_TOPIC_5, type OnTopicQuestion } from './on-topic-questions.ts';

const everyOther = <T>(list: readonly T[], first: 0 | 1): T[] => list.filter((_, i) => i % 2 === first);

export interface QuestionSet {
  name: string;
  offTopic: readonly string[];
  onTopic: readonly OnTopicQuestion[];
}

/** Every set, in the order they were written and run. */
export const QUESTION_SETS: readonly QuestionSet[] = [
  { name: 'set 1, first half', offTopic: everyOther(OFF_TOPIC, 0), onTopic: everyOther(ON_TOPIC, 0) },
  { name: 'set 1, second half', offTopic: everyOther(OFF_TOPIC, 1), onTopic: everyOther(ON_TOPIC, 1) },
  { name: 'set 2', offTopic: OFF_TOPIC_2, onTopic: ON_TOPIC_2 },
  { name: 'set 3', offTopic: OFF_TOPIC_3, onTopic: ON_TOPIC_3 },
  { name: 'set 4', offTopic: OFF_TOPIC_4, onTopic: ON_TOPIC_4 },
  { name: 'set 5', offTopic: OFF_TOPIC_5, onTopic: ON_TOPIC_5 },
];

/** Passed questions out of the set's: off-topic alone, off-topic after an on-topic opener (null: not run then), on-topic. */
export interface RunFigures {
  offTopic: number;
  offTopicInConversation: number | null;
  onTopic: number;
}

/**
 * Each held-out set's one run before it was tuned on ("held out"), and the responder before this work (commit
 * 5851edd, reproducible by running scripts/eval.ts in a checkout of it with this file and the two question files)
 * on the same questions ("old").
 * Set 1's first half was tuning from the start: its "held out" is null.
 */
export const FIRST_RUNS: Readonly<Record<string, { heldOut: RunFigures | null; old: RunFigures }>> = {
  'set 1, first half': { heldOut: null, old: { offTopic: 21, offTopicInConversation: 24, onTopic: 27 } },
  'set 1, second half': { heldOut: { offTopic: 32, offTopicInConversation: null, onTopic: 27 }, old: { offTopic: 24, offTopicInConversation: 23, onTopic: 28 } },
  'set 2': { heldOut: { offTopic: 34, offTopicInConversation: 33, onTopic: 31 }, old: { offTopic: 22, offTopicInConversation: 29, onTopic: 33 } },
  'set 3': { heldOut: { offTopic: 37, offTopicInConversation: 37, onTopic: 35 }, old: { offTopic: 26, offTopicInConversation: 20, onTopic: 40 } },
  'set 4': { heldOut: { offTopic: 36, offTopicInConversation: 36, onTopic: 35 }, old: { offTopic: 21, offTopicInConversation: 18, onTopic: 37 } },
  'set 5': { heldOut: { offTopic: 35, offTopicInConversation: 35, onTopic: 38 }, old: { offTopic: 27, offTopicInConversation: 22, onTopic: 39 } },
};
