/**
 * Scores follow the findings (issue 31, item 2): adding a coded term to a text never lowers its score.
 * A property over the glossary's examples and BABE's sentences (read from ../shared/eval at test time,
 * never shipped) and every codeword form the lexicon flags without a context rule, inserted between
 * any two words. When the analyzer finds the added words as a codeword where they were added, the
 * score must not fall.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVAL_DIR, parseBabe, parseGlossary } from '../../../scripts/lib/eval-data.ts';
import { readFileSync } from 'node:fs';
import { analyzeArticle, analyzeDetailed } from './index.ts';
import { compiledLexicon } from './lexicon.ts';
import { PASSIVE } from './match.ts';

const babe = parseBabe(readFileSync(EVAL_DIR + 'babe-dev.csv', 'utf8')).map((r) => r.text);
const glossary = parseGlossary(readFileSync(EVAL_DIR + 'dogwhistle-glossary.tsv', 'utf8')).map((r) => r['Linguistic Context']);
const texts = [...glossary, ...babe].filter((t) => t.trim().length > 0);

/** Codeword forms that need no cue nearby, written in plain words. */
const forms = compiledLexicon.entries
  .filter((e) => e.is_codeword && !e.rule?.onlyNear && !e.rule?.titleCase)
  .flatMap((e) => e.forms.filter((f) => !f.context && !f.caseSensitive && !f.literal).map((f) => f.text))
  .filter((f) => /^[a-z][a-z' -]*$/i.test(f));

/** Word boundaries of a text: its start, its end and every run of spaces. */
function boundaries(text: string): number[] {
  const out = [0];
  for (const m of text.matchAll(/ +/g)) out.push(m.index!);
  out.push(text.length);
  return out;
}

function addTerm(text: string, at: number, form: string): { text: string; start: number; end: number } {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before.length === 0 || before.endsWith(' ') ? '' : ' ';
  const trail = after.length === 0 || after.startsWith(' ') ? '' : ' ';
  const start = before.length + lead.length;
  return { text: `${before}${lead}${form}${trail}${after}`, start, end: start + form.length };
}

describe('adding a coded term never lowers the score', () => {
  it('holds over the glossary and BABE for every plain codeword form at any word boundary', () => {
    expect(forms.length).toBeGreaterThan(100);
    let found = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: texts.length - 1 }), fc.integer({ min: 0, max: forms.length - 1 }), fc.nat(), (t, f, b) => {
        const text = texts[t]!;
        const places = boundaries(text);
        const added = addTerm(text, places[b % places.length]!, forms[f]!);
        const after = analyzeDetailed(added.text);
        runs++;
        const asAdded = after.occurrences.some(
          (o) => o.entry !== PASSIVE && compiledLexicon.entries[o.entry]!.is_codeword && o.start === added.start && o.end === added.end,
        );
        if (!asAdded) return; // the words joined a longer term, or a context rule cancelled them: not the case in question
        found++;
        const before = analyzeArticle(text).score;
        if (after.result.score < before) throw new Error(`score ${before} -> ${after.result.score} after adding "${forms[f]}": ${added.text}`);
      }),
      { numRuns: 400, seed: 31 },
    );
    // Not vacuous: in nearly every run the added words were found as the codeword they are.
    expect(found / runs).toBeGreaterThan(0.9);
  });

  it('the issue\u2019s case: a plain council-budget story scores no lower with one coded term in it', () => {
    // Written by us (the issue's own texts were not given): a plain story, then the same with one coded term.
    const plain = 'The city council approved a budget on Monday. It funds road repairs and two new libraries.';
    const coded = 'The city council approved a budget on Monday. It funds road repairs and two new libraries for the inner city.';
    expect(analyzeArticle(coded).score).toBeGreaterThan(analyzeArticle(plain).score);
  });
});
