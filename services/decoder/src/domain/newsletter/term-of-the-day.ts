// The newsletter's coded term of the day: the lexicon's coded terms (is_codeword) taken in turn, one a day,
// in an order fixed by the day number so every reader and every replica picks the same one.
import type { LexiconEntry } from '../analyzer/lexicon-types.ts';

export function termOfTheDay(entries: readonly LexiconEntry[], day: string): LexiconEntry {
  const coded = entries.filter((entry) => entry.is_codeword && entry.explanation.trim().length > 0);
  const pool = coded.length > 0 ? coded : entries;
  if (pool.length === 0) throw new Error('the lexicon is empty');
  const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  // A stride coprime with the pool's size walks every term once before repeating, without neighbours in a row.
  let stride = 7;
  while (gcd(stride, pool.length) !== 1) stride += 1;
  return pool[(((dayNumber * stride) % pool.length) + pool.length) % pool.length]!;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
