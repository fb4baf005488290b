// The offline responder's evaluation, shared by its tests and `npm run eval:chat` (scripts/eval.ts): follow-ups and
// changes of topic (dialogues.ts), and off-topic and on-topic questions (topic-questions.ts). Each function returns
// the cases that failed, described for a reader; the figure is the set's size minus the misses.
import type { Dialogue } from './dialogues.ts';
import { answerOffline } from './offline.ts';
import type { OnTopicQuestion } from './on-topic-questions.ts';

/** The passage the second question is answered with, after the first question and its answer. */
export function secondAnswer([first, then]: Dialogue): string {
  const answer = answerOffline(first);
  const followUp = answerOffline(then, { history: [{ role: 'user', content: first }, { role: 'assistant', content: answer.text }] });
  return followUp.passageIds[0] ?? `(${followUp.kind})`;
}

/** Dialogues whose second question is not answered by one of its passages. */
export function dialogueMisses(dialogues: readonly Dialogue[]): string[] {
  return dialogues.flatMap((dialogue) => {
    const got = secondAnswer(dialogue);
    return dialogue[2].includes(got) ? [] : [`"${dialogue[1]}" after "${dialogue[0]}" got ${got}`];
  });
}

/** Off-topic questions that got anything but the honest "no notes" answer. */
export function offTopicMisses(questions: readonly string[]): string[] {
  return questions.flatMap((question) => {
    const answer = answerOffline(question);
    return answer.kind === 'no-match' ? [] : [`"${question}" got ${answer.kind} ${answer.passageIds[0] ?? ''}`.trimEnd()];
  });
}

/**
 * Off-topic questions asked as the second turn of a conversation (the i-th after the i-th opener and its answer),
 * where a question may lean on the last one: they must still get the "no notes" answer.
 */
export function offTopicInConversationMisses(questions: readonly string[], openers: readonly string[]): string[] {
  return questions.flatMap((question, i) => {
    const opener = openers[i % openers.length]!;
    const first = answerOffline(opener);
    const answer = answerOffline(question, { history: [{ role: 'user', content: opener }, { role: 'assistant', content: first.text }] });
    return answer.kind === 'no-match' ? [] : [`"${question}" after "${opener}" got ${answer.kind} ${answer.passageIds[0] ?? ''}`.trimEnd()];
  });
}

/** On-topic questions whose first passage is not one of those labelled as answering them. */
export function onTopicMisses(questions: readonly OnTopicQuestion[]): string[] {
  return questions.flatMap(([question, answeredBy]) => {
    const answer = answerOffline(question);
    const got = answer.passageIds[0];
    return got !== undefined && answeredBy.includes(got) ? [] : [`"${question}" got ${got ?? `(${answer.kind})`}`];
  });
}
