// Which words of a collection are names: a word written with a capital letter inside a sentence ("Frances",
// "Detroit", "COMPAS") and never in lower case. terms() keeps such words whole instead of stemming them, so a
// question's "France" does not meet "Frances" Cress Welsing, nor "Monaco" anything but Monaco. The price: a name
// meets only its own spelling ("Americans" not "American"), which the passages' keywords can add.
import { words } from './text.ts';

const TOKEN = /[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)?/gu;

function normalise(word: string): string {
  return words(word)[0]?.replace(/'s$/, '').replace(/'/g, '') ?? '';
}

/** The lower-cased words of `texts` that are only ever written as names (see above). */
export function nameWords(texts: readonly string[]): Set<string> {
  const lower = new Set<string>();
  const capitalInSentence = new Set<string>();
  for (const text of texts) {
    const plain = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    for (const match of plain.matchAll(TOKEN)) {
      const token = match[0];
      const word = normalise(token);
      if (!word) continue;
      if (!/^\p{Lu}/u.test(token)) {
        if (/^\p{Ll}/u.test(token)) lower.add(word);
        continue;
      }
      // The start of a sentence (or of the text, or after a colon) says nothing: every word is capitalised there.
      const before = plain.slice(0, match.index).trimEnd();
      const opensSentence = before === '' || /[.!?:]["”')\]]*$/.test(before);
      if (!opensSentence) capitalInSentence.add(word);
    }
  }
  return new Set([...capitalInSentence].filter((word) => !lower.has(word)));
}
