/**
 * npm run eval:chat   (or: node services/chat/scripts/eval.ts [--details])
 *
 * The offline responder's figures, in memory (no service, no database), deterministic:
 * - follow-ups answered by a passage that answers them, and changes of topic answered on the new topic
 *   (src/domain/responder/dialogues.ts);
 * - off-topic questions given the honest "I have no notes on that" answer, and on-topic questions phrased by
 *   readers whose first passage is one labelled as answering them (src/domain/responder/topic-questions.ts), each
 *   for the tuning set (looked at while the responder was changed) and the report set (held out).
 * --details lists every miss.
 */
import { CHANGES_OF_TOPIC, FOLLOW_UPS } from '../src/domain/responder/dialogues.ts';
import { dialogueMisses, offTopicMisses, onTopicMisses } from '../src/domain/responder/evaluation.ts';
import { OFF_TOPIC_REPORT, OFF_TOPIC_TUNING, ON_TOPIC_REPORT, ON_TOPIC_TUNING } from '../src/domain/responder/topic-questions.ts';

const details = process.argv.includes('--details');

const rows: Array<[label: string, size: number, misses: string[]]> = [
  ['follow-ups answered by a passage that answers them', FOLLOW_UPS.length, dialogueMisses(FOLLOW_UPS)],
  ['changes of topic answered on the new topic', CHANGES_OF_TOPIC.length, dialogueMisses(CHANGES_OF_TOPIC)],
  ['off-topic questions answered "I have no notes on that" (report set)', OFF_TOPIC_REPORT.length, offTopicMisses(OFF_TOPIC_REPORT)],
  ['on-topic questions given a relevant passage (report set)', ON_TOPIC_REPORT.length, onTopicMisses(ON_TOPIC_REPORT)],
  ['off-topic questions answered "I have no notes on that" (tuning set)', OFF_TOPIC_TUNING.length, offTopicMisses(OFF_TOPIC_TUNING)],
  ['on-topic questions given a relevant passage (tuning set)', ON_TOPIC_TUNING.length, onTopicMisses(ON_TOPIC_TUNING)],
];

console.log('Offline chat responder');
for (const [label, size, misses] of rows) {
  console.log(`  ${String(size - misses.length).padStart(3)} of ${String(size).padEnd(3)} ${label}`);
  if (details) for (const miss of misses) console.log(`        miss: ${miss}`);
}
