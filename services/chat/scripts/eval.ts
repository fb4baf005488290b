/**
 * npm run eval:chat   (or: node services/chat/scripts/eval.ts [--details])
 *
 * The offline responder's figures, in memory (no service, no database), deterministic:
 * - follow-ups answered by a passage that answers them, and changes of topic answered on the new topic
 *   (src/domain/responder/dialogues.ts);
 * - per set of src/domain/responder/topic-questions.ts: off-topic questions given the honest "I have no notes on
 *   that" answer, alone and as the second turn of a conversation (after the set's on-topic questions, in order),
 *   and on-topic questions, phrased by readers, whose first passage is one labelled as answering them. Each set was
 *   held out, run once, then tuned on: beside today's figure ("now") stand that first run ("held out", the honest
 *   figure for questions the responder was not tuned on) and the responder before this work ("old", commit 5851edd),
 *   as recorded in FIRST_RUNS.
 * --details lists every miss.
 */
import { CHANGES_OF_TOPIC, FOLLOW_UPS } from '../src/domain/responder/dialogues.ts';
import { dialogueMisses, offTopicInConversationMisses, offTopicMisses, onTopicMisses } from '../src/domain/responder/evaluation.ts';
import { FIRST_RUNS, QUESTION_SETS, type RunFigures } from '../src/domain/responder/topic-questions.ts';

const details = process.argv.includes('--details');
const print = (line: string, misses: string[] = []) => {
  console.log(line);
  if (details) for (const miss of misses) console.log(`      miss: ${miss}`);
};

console.log('Offline chat responder');
const followUps = dialogueMisses(FOLLOW_UPS);
print(`  ${FOLLOW_UPS.length - followUps.length} of ${FOLLOW_UPS.length} follow-ups answered by a passage that answers them`, followUps);
const changes = dialogueMisses(CHANGES_OF_TOPIC);
print(`  ${CHANGES_OF_TOPIC.length - changes.length} of ${CHANGES_OF_TOPIC.length} changes of topic answered on the new topic`, changes);

type Kind = keyof RunFigures;
const KINDS: Array<[Kind, string]> = [
  ['offTopic', 'off-topic answered "I have no notes on that"'],
  ['offTopicInConversation', '  the same, asked after an on-topic question'],
  ['onTopic', 'on-topic given a relevant passage'],
];
const totals: Record<Kind, { size: number; now: number; heldOutSize: number; heldOut: number; old: number; oldSize: number }> = {
  offTopic: { size: 0, now: 0, heldOutSize: 0, heldOut: 0, old: 0, oldSize: 0 },
  offTopicInConversation: { size: 0, now: 0, heldOutSize: 0, heldOut: 0, old: 0, oldSize: 0 },
  onTopic: { size: 0, now: 0, heldOutSize: 0, heldOut: 0, old: 0, oldSize: 0 },
};
const figure = (value: number | null | undefined) => (value === null || value === undefined ? '-' : String(value));

for (const set of QUESTION_SETS) {
  const openers = set.onTopic.map(([question]) => question);
  const misses: Record<Kind, string[]> = {
    offTopic: offTopicMisses(set.offTopic),
    offTopicInConversation: offTopicInConversationMisses(set.offTopic, openers),
    onTopic: onTopicMisses(set.onTopic),
  };
  const first = FIRST_RUNS[set.name];
  console.log(`\n  ${set.name}: ${set.offTopic.length} off-topic, ${set.onTopic.length} on-topic questions`);
  for (const [kind, label] of KINDS) {
    const size = kind === 'onTopic' ? set.onTopic.length : set.offTopic.length;
    const now = size - misses[kind].length;
    const heldOut = first?.heldOut?.[kind];
    const old = first?.old[kind];
    print(`    ${label}: ${now} of ${size} now, held out ${figure(heldOut)}, old ${figure(old)}`, misses[kind]);
    const total = totals[kind];
    total.size += size;
    total.now += now;
    if (typeof heldOut === 'number') {
      total.heldOutSize += size;
      total.heldOut += heldOut;
    }
    if (typeof old === 'number') {
      total.oldSize += size;
      total.old += old;
    }
  }
}

console.log('\n  All sets');
for (const [kind, label] of KINDS) {
  const t = totals[kind];
  console.log(`    ${label}: ${t.now} of ${t.size} now; held out ${t.heldOut} of ${t.heldOutSize}; old ${t.old} of ${t.oldSize}`);
}
