// Phrases, where single terms lose the sense. Two kinds, each looked up word for word:
// - terms a reader puts in quotes ("Is there such a thing as being 'not racist'?", "What does 'welfare queen'
//   mean?"): a passage that has the phrase answers first;
// - a passage's keyword phrases whose sense lies partly in stop words ("what can i do", "what is racism", "not
//   racist"), found in the question: BM25 drops "what", "can", "i", "do" and "not", so without this "What can I do
//   about racism?" is just "racism".
import { isStopWord, words } from '../retrieval/text.ts';

const QUOTE = /(?:^|[\s(])["“']([^"“”]{2,80}?)["”'](?=$|[\s.,;:!?)])/g;

/** The quoted phrases of a question, as words joined by single spaces; phrases of one word are left to retrieval. */
export function quotedPhrases(question: string): string[] {
  const text = question.replace(/[\u2018\u2019]/g, "'");
  const out: string[] = [];
  for (const match of text.matchAll(QUOTE)) {
    const phrase = words(match[1]!).join(' ');
    if (phrase.includes(' ')) out.push(phrase);
  }
  return out;
}

/** Keyword phrases of two words or more with a stop word among them, in the form hasPhrase compares. */
export function intentPhrases(keywords: readonly string[]): string[] {
  return keywords.map((k) => words(k)).filter((ws) => ws.length >= 2 && ws.some(isStopWord)).map((ws) => ws.join(' '));
}

/** A text's words in the form phrases are compared with (fields kept apart, so no phrase spans two). */
export function phraseText(fields: readonly string[]): string {
  return ` ${fields.map((field) => words(field).join(' ')).join(' | ')} `;
}

export function hasPhrase(text: string, phrase: string): boolean {
  return text.includes(` ${phrase} `);
}
