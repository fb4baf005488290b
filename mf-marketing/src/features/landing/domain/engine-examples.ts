// What the decoder's embedded engine answers for the landing page's two example texts (the hero card and the
// demo video), from engine-examples.json. That file is written by `node infra/scripts/engine-figures.ts
// --write` and checked against the engine by infra/scripts/engine-figures.test.ts, so the page never shows a
// score the engine would not give (issue 28, item 5). A remote may not import the service's code itself.
import examples from './engine-examples.json' with { type: 'json' };

export interface ExampleTerm {
  term: string;
  is_codeword: boolean;
  explanation: string;
  spans: Array<{ start: number; end: number }>;
}

export interface EngineExample {
  text: string;
  score: number;
  threshold: number;
  terms: ExampleTerm[];
  translation: string;
}

export const CARD_EXAMPLE: EngineExample = examples.card;
export const DEMO_EXAMPLE: EngineExample = examples.demo;

/** Spec section 2: above 75 red, above 50 orange, above 25 cyan, otherwise green (the decoder's dial). */
export { scoreBand, type ScoreBand } from '@keisha/contracts/decoder';

export type TextPiece = { text: string; term?: string };

/** The text cut at the flagged terms' spans, so each can be marked where the engine found it. */
export function markedPieces(example: Pick<EngineExample, 'text' | 'terms'>): TextPiece[] {
  const spans = example.terms
    .flatMap((t) => t.spans.map((span) => ({ ...span, term: t.term })))
    .sort((a, b) => a.start - b.start);
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at || span.end > example.text.length) continue;
    if (span.start > at) pieces.push({ text: example.text.slice(at, span.start) });
    pieces.push({ text: example.text.slice(span.start, span.end), term: span.term });
    at = span.end;
  }
  if (at < example.text.length) pieces.push({ text: example.text.slice(at) });
  return pieces;
}

/** The first sentence of an explanation: what fits on a small card or a video frame. */
export function firstSentence(explanation: string): string {
  const match = /^.*?[.!?](?=\s|$)/s.exec(explanation);
  return match ? match[0] : explanation;
}

/** 'a', 'a and b', 'a, b and c', each quoted. */
export function quotedList(items: string[]): string {
  const quoted = items.map((item) => `'${item}'`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}
