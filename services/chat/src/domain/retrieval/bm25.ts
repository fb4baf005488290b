// Okapi BM25 over a small, fixed collection, in memory. Fields are weighted by counting their terms
// more than once (a title term counts as much as two body terms).
import { terms } from './text.ts';

export interface IndexedField {
  text: string;
  weight: number;
}

export interface BM25Options {
  /** Term-frequency saturation. */
  k1: number;
  /** Length normalisation (0: none, 1: full). */
  b: number;
}

export const DEFAULT_BM25: BM25Options = { k1: 1.2, b: 0.75 };

interface IndexedDocument<T> {
  item: T;
  order: number;
  frequencies: Map<string, number>;
  length: number;
}

export interface SearchHit<T> {
  item: T;
  score: number;
  /**
   * The share of the query's weight (its terms' IDF, a term unknown to the collection weighing the
   * most) that this document matches: 1 when it has every query term. A high score on one common
   * word of a long question is not an answer to it.
   */
  coverage: number;
}

/** Part of a query whose terms count `weight` times as much as a plain query's (earlier turns of a conversation, say). */
export interface QueryPart {
  text: string;
  weight: number;
}

export class BM25Index<T> {
  readonly #documents: IndexedDocument<T>[] = [];
  readonly #documentFrequency = new Map<string, number>();
  readonly #options: BM25Options;
  readonly #analyse: (text: string) => string[];
  #averageLength = 0;

  /** `analyse` turns a field's or a query's text into terms (terms() by default). */
  constructor(
    items: readonly T[],
    fieldsOf: (item: T) => IndexedField[],
    options: BM25Options = DEFAULT_BM25,
    analyse: (text: string) => string[] = (text) => terms(text),
  ) {
    this.#options = options;
    this.#analyse = analyse;
    let totalLength = 0;
    items.forEach((item, order) => {
      const frequencies = new Map<string, number>();
      let length = 0;
      for (const field of fieldsOf(item)) {
        for (const term of this.#analyse(field.text)) {
          frequencies.set(term, (frequencies.get(term) ?? 0) + field.weight);
          length += field.weight;
        }
      }
      for (const term of frequencies.keys()) this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
      totalLength += length;
      this.#documents.push({ item, order, frequencies, length });
    });
    this.#averageLength = this.#documents.length > 0 ? totalLength / this.#documents.length : 0;
  }

  get size(): number {
    return this.#documents.length;
  }

  /** Inverse document frequency, never negative (the "+1" form Lucene uses). */
  idf(term: string): number {
    const n = this.#documents.length;
    const df = this.#documentFrequency.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Whether any document contains the term (the query has words the collection knows). */
  knows(term: string): boolean {
    return this.#documentFrequency.has(term);
  }

  /**
   * Documents scoring above zero for `query`, best first; equal scores keep the collection's order,
   * so the ranking is deterministic. A repeated query term counts once.
   */
  search(query: string | readonly QueryPart[], limit = 5): SearchHit<T>[] {
    // Each term once, at the largest weight any part gives it.
    const weights = new Map<string, number>();
    for (const part of typeof query === 'string' ? [{ text: query, weight: 1 }] : query) {
      for (const term of this.#analyse(part.text)) weights.set(term, Math.max(weights.get(term) ?? 0, part.weight));
    }
    // A term's weighted idf is the same for every document: taken once, not once per document.
    const weightedTerms = [...weights].map(([term, weight]) => ({ term, weighted: weight * this.idf(term) }));
    const queryWeight = weightedTerms.reduce((sum, q) => sum + q.weighted, 0);
    const { k1, b } = this.#options;
    const hits: Array<SearchHit<T> & { order: number }> = [];
    for (const doc of this.#documents) {
      const norm = 1 - b + (b * doc.length) / (this.#averageLength || 1);
      let score = 0;
      let matchedWeight = 0;
      for (const { term, weighted } of weightedTerms) {
        const tf = doc.frequencies.get(term);
        if (!tf) continue;
        score += weighted * ((tf * (k1 + 1)) / (tf + k1 * norm));
        matchedWeight += weighted;
      }
      if (score > 0) hits.push({ item: doc.item, score, coverage: matchedWeight / queryWeight, order: doc.order });
    }
    hits.sort((x, y) => y.score - x.score || x.order - y.order);
    return hits.slice(0, limit).map(({ item, score, coverage }) => ({ item, score, coverage }));
  }
}
