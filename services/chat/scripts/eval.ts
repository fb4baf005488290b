/**
 * npm run eval:chat   (or: node services/chat/scripts/eval.ts [--details])
 *
 * The offline responder's figures, in memory (no service, no database), deterministic:
 * - follow-ups answered by a passage that answers them, and changes of topic answered on the new topic
 *   (src/domain/responder/dialogues.ts);
 * - off-topic questions given the honest "I have no notes on that" answer, alone and as the second turn of a
 *   conversation, and on-topic questions phrased by readers whose first passage is one labelled as answering them
 *   (src/domain/responder/topic-questions.ts): the report set (held out), then the tuning sets (looked at while
 *   the responder was changed), then each earlier report set (tuning since its one run).
 * --details lists every miss.
 */
import { CHANGES_OF_TOPIC, FOLLOW_UPS } from '../src/domain/responder/dialogues.ts';
import { dialogueMisses, offTopicInConversationMisses, offTopicMisses, onTopicMisses } from '../src/domain/responder/evaluation.ts';
import {
  HELD_OUT_BEFORE_TUNING,
  OFF_TOPIC_REPORT,
  OFF_TOPIC_TUNING,
  ON_TOPIC_REPORT,
  ON_TOPIC_TUNING,
} from '../src/domain/responder/topic-questions.ts';

const details = process.argv.includes('--details');
const openers = (set: ReadonlyArray<readonly [string, string[]]>) => set.map(([question]) => question);

const rows: Array<[label: string, size: number, misses: string[]]> = [
  ['follow-ups answered by a passage that answers them', FOLLOW_UPS.length, dialogueMisses(FOLLOW_UPS)],
  ['changes of topic answered on the new topic', CHANGES_OF_TOPIC.length, dialogueMisses(CHANGES_OF_TOPIC)],
  ['off-topic questions answered "I have no notes on that" (report set)', OFF_TOPIC_REPORT.length, offTopicMisses(OFF_TOPIC_REPORT)],
  [
    '  the same as the second turn of a conversation (report set)',
    OFF_TOPIC_REPORT.length,
    offTopicInConversationMisses(OFF_TOPIC_REPORT, openers(ON_TOPIC_REPORT)),
  ],
  ['on-topic questions given a relevant passage (report set)', ON_TOPIC_REPORT.length, onTopicMisses(ON_TOPIC_REPORT)],
  ['off-topic questions answered "I have no notes on that" (tuning sets)', OFF_TOPIC_TUNING.length, offTopicMisses(OFF_TOPIC_TUNING)],
  [
    '  the same as the second turn of a conversation (tuning sets)',
    OFF_TOPIC_TUNING.length,
    offTopicInConversationMisses(OFF_TOPIC_TUNING, openers(ON_TOPIC_TUNING)),
  ],
  ['on-topic questions given a relevant passage (tuning sets)', ON_TOPIC_TUNING.length, onTopicMisses(ON_TOPIC_TUNING)],
  ...Object.entries(HELD_OUT_BEFORE_TUNING).flatMap(([name, set]): Array<[string, number, string[]]> => [
    [`off-topic, ${name} (an earlier report set, now tuning)`, set.offTopic.length, offTopicMisses(set.offTopic)],
    [`on-topic, ${name} (an earlier report set, now tuning)`, set.onTopic.length, onTopicMisses(set.onTopic)],
  ]),
];

console.log('Offline chat responder');
for (const [label, size, misses] of rows) {
  console.log(`  ${String(size - misses.length).padStart(3)} of ${String(size).padEnd(3)} ${label}`);
  if (details) for (const miss of misses) console.log(`        miss: ${miss}`);
}
