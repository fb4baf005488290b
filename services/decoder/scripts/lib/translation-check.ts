/**
 * The grammar checker of the Keisha Translation (issue 31, item 1), run by `npm run eval:decoder`.
 *
 * It compares an original text with its rewritten body (the translation without "Keisha's reading")
 * and counts, only where the rewrite changed something (a changed word or its neighbour), four kinds
 * of error. Parts of speech come from compromise (the same library the rewrite uses, a different use
 * of it: the checker tags whole texts, the rewrite a few words around each term).
 *
 *   doubled      the same word twice in a row ("the Black neighborhood neighborhood")
 *   article      "a" before a vowel sound or "an" before a consonant sound ("an undocumented" is right,
 *                "a undocumented" and "an US-born" are not)
 *   dangling     a determiner not followed by a noun within its phrase ("the harsh on ..."), or a
 *                preposition followed by nothing, by punctuation or by a bare verb ("supporters of restore")
 *   headLoss     a noun phrase whose head the rewrite lost: a noun replaced by words that end in no noun,
 *                or a word before a noun replaced by words that cannot stand before a noun (a preposition,
 *                a verb, a determiner, a comma), so that the noun after it no longer heads the phrase
 *                ("the harsh on Black and Latino communities policy")
 *
 * Errors already in the original (a typo, "a hour") are not counted: only pairs that touch a changed
 * word are looked at. Words inside the rewrite's own notes, in brackets or parentheses, count as
 * words for the first three checks and are skipped when looking for a phrase's head.
 */
import { nlp, wantsAn, type RawTerm } from '../../src/domain/analyzer/grammar.ts';

export interface Term {
  text: string;
  lower: string;
  pre: string;
  post: string;
  tags: Set<string>;
  sentence: number;
  /** Inside a note of the rewrite ("[by whom is not stated]", "(coded as white)"). */
  inNote: boolean;
}

export function termsOf(text: string): Term[] {
  const out: Term[] = [];
  let depth = 0;
  nlp()(text)
    .json({ offset: true })
    .forEach((sentence, s) => {
      for (const t of sentence.terms) {
        for (const c of t.pre) if (c === '(' || c === '[') depth++;
        out.push({ text: t.text, lower: t.text.toLowerCase().replace(/\u2019/g, "'"), pre: t.pre, post: t.post, tags: new Set(t.tags), sentence: s, inNote: depth > 0 });
        for (const c of t.post) if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
      }
    });
  return out;
}

/** Longest common subsequence of the two term lists (by lower-cased text): matched[i] = j or -1. */
function align(a: Term[], b: Term[]): Int32Array {
  const n = a.length, m = b.length;
  const table = new Uint16Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] = a[i]!.lower === b[j]!.lower ? table[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
    }
  }
  const matched = new Int32Array(n).fill(-1);
  let i = 0, j = 0;
  while (i < n && j < m) {
    if (a[i]!.lower === b[j]!.lower) { matched[i] = j; i++; j++; }
    else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) i++;
    else j++;
  }
  return matched;
}

const WORD = /[\p{L}\p{N}]/u;
const PHRASE_END = /[.,;:!?()\[\]"\u201c\u201d\u2014]/;

/** "to" before a verb is the infinitive's; the tagger sometimes calls "who" or "that" a preposition. */
const NOT_PREPOSITIONS = new Set(['to', 'who', 'whom', 'which', 'that', 'whose']);

const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'these', 'those', 'every', 'each', 'our', 'their', 'his', 'its', 'my', 'your']);

function isNoun(t: Term): boolean {
  return (t.tags.has('Noun') || t.tags.has('Acronym') || t.tags.has('ProperNoun') || t.tags.has('Value')) && !t.tags.has('Pronoun');
}

/** Adjectives that head a phrase after a determiner ("the right to vote", "the poor"), which the tagger calls adjectives. */
const NOMINAL_ADJECTIVES = new Set(['right', 'left', 'poor', 'rich', 'elderly', 'young', 'wealthy', 'unemployed', 'disabled', 'accused', 'dead', 'injured', 'homeless', 'undocumented', 'criminal']);

function endsPhrase(t: Term): boolean {
  return PHRASE_END.test(t.post);
}

export interface RewriteCheck {
  changed: boolean;
  doubled: number;
  article: number;
  dangling: number;
  headLoss: number;
  /** One line per error: the kind and the rewritten words around it. */
  problems: string[];
}

function around(terms: Term[], j: number): string {
  return terms.slice(Math.max(0, j - 4), j + 6).map((t) => `${t.pre}${t.text}${t.post}`).join('').replace(/\s+/g, ' ').trim();
}

export function checkRewrite(original: string, rewritten: string): RewriteCheck {
  const result: RewriteCheck = { changed: original !== rewritten, doubled: 0, article: 0, dangling: 0, headLoss: 0, problems: [] };
  if (!result.changed) return result;
  const a = termsOf(original);
  const b = termsOf(rewritten);
  const matched = align(a, b);
  const changed = new Uint8Array(b.length).fill(1);
  for (const j of matched) if (j >= 0) changed[j] = 0;
  const touches = (j: number) => changed[j] === 1 || (j + 1 < b.length && changed[j + 1] === 1);
  const sameClause = (j: number) => j + 1 < b.length && b[j + 1]!.sentence === b[j]!.sentence && !PHRASE_END.test(b[j]!.post) && !/[(\[]/.test(b[j + 1]!.pre);
  const report = (kind: keyof Pick<RewriteCheck, 'doubled' | 'article' | 'dangling' | 'headLoss'>, j: number) => {
    result[kind]++;
    result.problems.push(`${kind}: ${around(b, j)}`);
  };

  for (let j = 0; j < b.length; j++) {
    const t = b[j]!;
    if (!touches(j)) continue;
    const next = sameClause(j) ? b[j + 1]! : undefined;
    if (next && WORD.test(t.lower) && t.lower === next.lower) report('doubled', j);
    if (next && (t.lower === 'a' || t.lower === 'an') && WORD.test(next.text) && wantsAn(next.text) !== (t.lower === 'an')) report('article', j);
    if (DETERMINERS.has(t.lower) && t.tags.has('Determiner')) {
      let ok = false;
      for (let k = j + 1; k < b.length && k <= j + 7 && b[k]!.sentence === t.sentence; k++) {
        const u = b[k]!;
        if (isNoun(u) || u.tags.has('Gerund') || u.tags.has('Pronoun')) { ok = true; break; }
        if (NOMINAL_ADJECTIVES.has(u.lower) && (k + 1 >= b.length || !isNoun(b[k + 1]!) || PHRASE_END.test(u.post))) { ok = true; break; }
        const modifier = u.tags.has('Adjective') || u.tags.has('Adverb') || u.tags.has('Value') || u.tags.has('Participle') || u.tags.has('PastTense');
        if (!modifier) break;
        // "an earlier, whiter America": a comma between two modifiers does not end the phrase.
        const nextModifies = k + 1 < b.length && (b[k + 1]!.tags.has('Adjective') || b[k + 1]!.tags.has('Participle') || b[k + 1]!.tags.has('PastTense'));
        if (PHRASE_END.test(u.post) && !(u.post.trim() === ',' && nextModifies)) break;
      }
      if (!ok) report('dangling', j);
    }
    if (t.tags.has('Preposition') && !t.tags.has('Particle') && !NOT_PREPOSITIONS.has(t.lower) && !t.inNote) {
      // A note in brackets stands for the words it replaced ("hundreds of [alt-right slang]").
      const opensNote = j + 1 < b.length && b[j + 1]!.sentence === t.sentence && /\[/.test(b[j + 1]!.pre + b[j + 1]!.text.slice(0, 2)) && !PHRASE_END.test(t.post);
      const after = next;
      const bareVerb = after && after.tags.has('Verb') && !after.tags.has('Gerund') && !isNoun(after) && !after.tags.has('Participle');
      if (!opensNote && (!after || bareVerb)) report('dangling', j);
    }
  }

  // Head loss: each run of replaced original words, looked at in the original's grammar.
  for (let i = 0; i < a.length; ) {
    if (matched[i]! >= 0) { i++; continue; }
    const from = i;
    while (i < a.length && matched[i]! < 0 && a[i]!.sentence === a[from]!.sentence) i++;
    const last = a[i - 1]!;
    const after = i < a.length && a[i]!.sentence === last.sentence && !endsPhrase(last) ? a[i]! : undefined;
    // The rewritten words standing where the run stood: between the neighbours' matches.
    const left = from > 0 ? matched[from - 1]! : -1;
    let right = b.length;
    for (let k = i; k < a.length; k++) if (matched[k]! >= 0) { right = matched[k]!; break; }
    if (left < 0 && from > 0) continue; // the neighbour itself was rewritten too: judged with its own run
    const core: number[] = [];
    for (let j = left + 1; j < right; j++) if (!b[j]!.inNote && WORD.test(b[j]!.text) && !b[j]!.text.includes('[')) core.push(j);
    const verbPhrase = a[from]!.tags.has('Verb') && !a[from]!.tags.has('Participle') && !a[from]!.tags.has('Adjective');
    // Not a noun phrase's head or modifier: a verb phrase ("end birthright citizenship"), a prepositional
    // phrase after its noun ("freedom of association"), or an adverb and adjective ("politically correct").
    if (verbPhrase || a[from]!.tags.has('Preposition') || a.slice(from, i).some((t) => t.tags.has('Adverb'))) continue;
    const modifierSlot = after !== undefined && isNoun(after) && (isNoun(last) || last.tags.has('Adjective')) && matched[i]! >= 0;
    if (modifierSlot) {
      const breaks = core.some((j, n) => {
        const u = b[j]!;
        if (u.tags.has('Preposition') || u.tags.has('Determiner') || (u.tags.has('Verb') && !u.tags.has('Participle') && !u.tags.has('Adjective'))) return true;
        if (u.tags.has('Conjunction') && u.lower !== 'and') return true;
        return n < core.length - 1 && /[,;:(\[]/.test(u.post);
      });
      // An empty core: the modifier was dropped or moved after the noun ("children of single parents").
      if (breaks) report('headLoss', core[0]!);
    } else if (isNoun(last) && core.length > 0) {
      // A noun stood here: the rewrite must put a noun in its place, before any prepositional phrase
      // ("racism and resistance to it", "keeping Latino immigrants out"; not "respectful of others").
      let headed = false;
      for (const j of core) {
        const u = b[j]!;
        if (u.tags.has('Preposition')) break;
        if (isNoun(u) || u.tags.has('Gerund')) headed = true;
      }
      if (!headed) report('headLoss', core[0]!);
    }
  }
  return result;
}

export interface TranslationFigures {
  texts: number;
  changed: number;
  doubled: number;
  article: number;
  dangling: number;
  headLoss: number;
  /** The first problems found, for reading. */
  examples: string[];
}

/** Sums the checks over (original, rewritten body) pairs. */
export function translationFigures(pairs: Array<[string, string]>, keepExamples = 40): TranslationFigures {
  const figures: TranslationFigures = { texts: pairs.length, changed: 0, doubled: 0, article: 0, dangling: 0, headLoss: 0, examples: [] };
  for (const [original, rewritten] of pairs) {
    const c = checkRewrite(original, rewritten);
    if (!c.changed) continue;
    figures.changed++;
    figures.doubled += c.doubled;
    figures.article += c.article;
    figures.dangling += c.dangling;
    figures.headLoss += c.headLoss;
    for (const p of c.problems) if (figures.examples.length < keepExamples) figures.examples.push(p);
  }
  return figures;
}

/** The rewritten body of a translation: the text before "Keisha's reading". */
export function translationBody(translation: string): string {
  const at = translation.lastIndexOf("\n\nKeisha's reading: ");
  return at >= 0 ? translation.slice(0, at) : translation;
}
