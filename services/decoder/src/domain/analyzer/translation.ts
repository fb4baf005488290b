/**
 * The 'Keisha Translation': the article with every coded or euphemistic term replaced by plain
 * language, then a short reading in the persona's voice, built from what was found. The reading
 * works in the frame of spec section 1: racism and white supremacy as a system, not as the private
 * feelings of individuals.
 */
import type { Finding } from './findings.ts';
import { isDeterminer, isNoun, isPersonNoun, isVerb, replacementShape, sameNoun, tagWindow, wantsAn, type Word } from './grammar.ts';
import { compiledLexicon, type CompiledLexicon } from './lexicon.ts';
import { PASSIVE, type Occurrence } from './match.ts';
import type { Tokens } from './tokenize.ts';

const POSSESSIVE_END = /['\u2019]s$/i;
/** Between two words of one phrase: spaces, or the hyphen of a compound ("MAGA-hat-clad"). */
const SAME_PHRASE_GAP = /^[ \t]*$/;
const ARTICLE_BEFORE = /\b([Aa])(n?)([ \t]+["\u201c\u2018']?)$/;

function capitalise(s: string): string {
  return s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s;
}

const MINOR_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'as', 'at', 'by', 'with', 'from']);

/** "undocumented immigrants" -> "Undocumented Immigrants", for a term inside a title. */
function titleCase(s: string): string {
  return s.replace(/[\p{L}][\p{L}'\u2019-]*/gu, (w, at: number) => (at > 0 && MINOR_WORDS.has(w) ? w : capitalise(w)));
}

const CAPITALISED = /^[\p{Lu}\d]/u;
/** A capitalised term right after an opening quote or bracket opens what is quoted: "It's called \u201cMAGA.\u201d" */
const OPENS_QUOTE = /["\u201c\u2018(\[#]\s?$/;

/** A term of two or more capitalised words beside another capitalised word: a headline or a title ("Not Politically Correct"). */
function inTitle(original: string, ctx: Context): boolean {
  const words = original.split(/[\s-]+/).filter((w) => w.length > 0);
  if (words.length < 2 || !words.every((w) => CAPITALISED.test(w) || MINOR_WORDS.has(w))) return false;
  const before = ctx.first > 0 ? ctx.words[ctx.first - 1] : undefined;
  const after = ctx.last >= 0 ? ctx.words[ctx.last + 1] : undefined;
  return (!!before && CAPITALISED.test(before.text) && !before.tags.has('Determiner')) || (!!after && CAPITALISED.test(after.text));
}

/** The articles' agreement with the word now after them: "an officer-involved shooting" -> "a police shooting". */
function fixArticle(before: string, next: string): string {
  const m = ARTICLE_BEFORE.exec(before);
  if (!m) return before;
  return before.slice(0, m.index) + m[1] + (wantsAn(next) ? 'n' : '') + m[3];
}

/** One piece of the output: text[start, end) is replaced by `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
  /** Capitalise the first letter (the edit opens a sentence). */
  opensSentence: boolean;
}

interface Context {
  words: Word[];
  /** Index of the first and last word of the occurrence in `words`, or -1. */
  first: number;
  last: number;
}

/**
 * The words around each occurrence, a few either side inside its sentence, tagged by compromise in
 * one window per sentence (occurrences of one sentence share it), or per `WINDOW_TOKENS` of a sentence
 * longer than that.
 */
function contexts(text: string, tokens: Tokens, occurrences: Occurrence[]): Context[] {
  const out: Context[] = [];
  let windowSentence = -1;
  /** The last token of the current window, and of its sentence. */
  let windowLast = -1;
  let windowWords: Word[] = [];
  occurrences.forEach((o, i) => {
    if (o.entry === PASSIVE) {
      out.push({ words: [], first: -1, last: -1 });
      return;
    }
    const s = tokens.sentence[o.firstToken]!;
    const to = s + 1 < tokens.sentenceStart.length ? tokens.sentenceStart[s + 1]! : tokens.count;
    if (s !== windowSentence || Math.min(to, o.endToken + WORDS_AFTER) - 1 > windowLast) {
      const from = tokens.sentenceStart[s]!;
      // From a few words before the first occurrence of this sentence to a few after its last, within
      // WINDOW_TOKENS: a text without sentence ends (a list of terms) would be one window, tagged whole.
      const a = Math.max(from, o.firstToken - WORDS_BEFORE);
      let lastEnd = o.endToken;
      for (let k = i; k < occurrences.length && occurrences[k]!.firstToken < to; k++) {
        const end = Math.max(lastEnd, occurrences[k]!.endToken);
        if (end + WORDS_AFTER - a > WINDOW_TOKENS && k > i) break;
        lastEnd = end;
      }
      const b = Math.min(to, lastEnd + WORDS_AFTER) - 1;
      windowWords = tagWindow(text, tokens.start[a]!, tokens.end[b]!);
      windowSentence = s;
      windowLast = b;
    }
    let first = -1, last = -1;
    windowWords.forEach((w, k) => {
      if (w.end > o.start && w.start < o.end) {
        if (first < 0) first = k;
        last = k;
      }
    });
    out.push({ words: windowWords, first, last });
  });
  return out;
}

/** Words the tagger may call nouns that, after a noun, are prepositions or particles ("a flag past the station"). */
const NOT_HEADS = new Set(['past', 'down', 'up', 'out', 'inside', 'outside', 'behind', 'near', 'round', 'over', 'under', 'back', 'home', 'ago', 'next', 'today', 'tonight', 'yesterday', 'tomorrow']);

const WORDS_BEFORE = 2;
const WORDS_AFTER = 4;
/**
 * The most tokens compromise tags at once: far more than a news sentence's window (its first term to its
 * last), so that those are tagged as before, while a text of 200,000 characters without a sentence end
 * is tagged in windows of this size instead of whole. Whole, it took 16-20 s (each occurrence searched
 * the window's 30,000 words) and up to 90 MB of an analysis thread's 128 (docs/decoder.md).
 */
const WINDOW_TOKENS = 200;

/** The nouns right after the occurrence that it modifies ("neighborhood" of "inner city neighborhood"), as indexes into words. */
function headAfter(text: string, ctx: Context, end: number): number[] {
  const head: number[] = [];
  let at = end;
  for (let k = ctx.last + 1; k < ctx.words.length && head.length < 3; k++) {
    const w = ctx.words[k]!;
    if (!SAME_PHRASE_GAP.test(text.slice(at, w.start)) && !(head.length === 0 && text.slice(at, w.start) === '-')) break;
    if (!isNoun(w) || NOT_HEADS.has(w.lower)) break;
    head.push(k);
    at = w.end;
    if (/[^\s]/.test(w.post.replace(/-/g, ''))) break;
  }
  return head;
}

/** The end of the hyphenated compound a term opens ("MAGA-hat-clad", "welfare-to-work"). */
function compoundEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && /[\p{L}\p{N}-]/u.test(text[end]!)) end++;
  return end;
}

function editFor(text: string, tokens: Tokens, o: Occurrence, ctx: Context, lex: CompiledLexicon): Edit {
  const original = text.slice(o.start, o.end);
  const opensSentence =
    tokens.sentenceStart[tokens.sentence[o.firstToken]!] === o.firstToken || (CAPITALISED.test(text.slice(o.start, o.start + 1)) && OPENS_QUOTE.test(text.slice(Math.max(0, o.start - 2), o.start)));
  if (o.entry === PASSIVE) return { start: o.start, end: o.end, text: `${original} ${lex.passive.rule.replacementNote}`, opensSentence: false };
  const entry = lex.entries[o.entry]!;
  const template = o.form?.replacement ?? entry.replacement;
  const possessive = POSSESSIVE_END.test(original) ? original.slice(-2) : '';
  const words = ctx.words;
  const before = ctx.first > 0 ? words[ctx.first - 1] : undefined;
  // A term ending in a plural noun is a whole noun phrase ("hard-working Americans face ..."); only a
  // singular or adjective ending can modify a noun after it ("inner city neighborhoods").
  const endsPlural = ctx.last >= 0 && words[ctx.last]!.tags.has('Plural');
  const head = ctx.last >= 0 && !possessive && !endsPlural ? headAfter(text, ctx, o.end) : [];
  const headEnd = head.length ? words[head[head.length - 1]!]!.end : o.end;
  const headText = head.length ? text.slice(words[head[0]!]!.start, headEnd) : '';
  const lastHead = head.length ? words[head[head.length - 1]!] : undefined;

  // "{text} (coded as white)": the article's words stay; the note follows the whole phrase.
  if (template.includes('{text}')) {
    const note = template.replace('{text}', '').trim();
    return { start: o.start, end: headEnd, text: `${text.slice(o.start, headEnd)} ${note}`, opensSentence: false };
  }

  const shape = replacementShape(template);
  // Inside a hyphenated compound ("MAGA-hat-clad white men") the term stays; its meaning follows the phrase.
  if (text.charCodeAt(o.end) === 45 && shape.kind !== 'label') {
    const meaning = shape.kind === 'vp' ? shape.gerund : shape.core;
    const end = compoundEnd(text, o.end);
    return { start: o.start, end, text: `${text.slice(o.start, end)} [${original}: ${meaning}]`, opensSentence: false };
  }
  const usedAsVerb = ctx.first >= 0 && isVerb(words[ctx.first]) && shape.kind === 'vp';
  if (shape.kind === 'label' || usedAsVerb) {
    return { start: o.start, end: o.end, text: shape.core + shape.note + possessive, opensSentence };
  }

  let core = shape.core;
  // "their the right to ...": the replacement brings its own article only where none stands.
  if (shape.leadingThe && isDeterminer(before)) core = core.slice(4);

  if (head.length === 0) {
    // The term is a phrase of its own: a verb phrase standing as a noun becomes a gerund ("supporters of restoring ...").
    if (shape.kind === 'vp') core = shape.gerund;
    return { start: o.start, end: o.end, text: core + possessive + shape.note, opensSentence };
  }

  // The term stands before a noun it modifies.
  const headWords = head.map((k) => words[k]!.text);
  if (shape.kind === 'np' && sameNoun(shape.lastWord, headWords[0]!)) {
    // "inner city neighborhoods" -> "Black neighborhoods": the replacement's noun is the head already.
    const lastSpace = core.lastIndexOf(' ');
    const merged = (lastSpace >= 0 ? core.slice(0, lastSpace + 1) : '') + headText;
    return { start: o.start, end: headEnd, text: merged + shape.note, opensSentence };
  }
  if (shape.premodifier) {
    return { start: o.start, end: headEnd, text: `${core} ${headText}${shape.note}`, opensSentence };
  }
  // A longer replacement cannot stand before the noun: the noun comes first and the meaning after it.
  const plural = !!lastHead && lastHead.tags.has('Plural');
  const who = isPersonNoun(lastHead) ? 'who' : 'that';
  let after: string;
  if (shape.kind === 'vp') after = `${who} ${plural ? 'want' : 'wants'} to ${core}`;
  else if (shape.kind === 'adj') after = `${who} ${plural ? 'are' : 'is'} ${core}`;
  else after = `of ${core}`;
  return { start: o.start, end: headEnd, text: `${headText} ${after}${shape.note}`, opensSentence };
}

/**
 * The article with each coded or euphemistic term put in plain words, at the level of its phrase: a
 * term that modifies a noun keeps that noun as the phrase's head ("inner city neighborhoods" ->
 * "Black neighborhoods"; "the tough-on-crime policy" -> "the policy that is harsh on Black and Latino
 * communities"), a verb phrase standing as a noun becomes a gerund, articles agree with the new words,
 * and every other word of the article stays as written.
 */
export function rewrite(text: string, tokens: Tokens, occurrences: Occurrence[], lex: CompiledLexicon = compiledLexicon): string {
  if (occurrences.length === 0) return text;
  const ctx = contexts(text, tokens, occurrences);
  const parts: string[] = [];
  let cursor = 0;
  occurrences.forEach((o, i) => {
    if (o.start < cursor) return; // inside the phrase an earlier edit already rewrote
    const edit = editFor(text, tokens, o, ctx[i]!, lex);
    let replacement = edit.text;
    if (o.entry !== PASSIVE && inTitle(text.slice(o.start, o.end), ctx[i]!)) replacement = titleCase(replacement);
    if (edit.opensSentence) replacement = capitalise(replacement);
    parts.push(fixArticle(text.slice(cursor, edit.start), replacement), replacement);
    cursor = edit.end;
  });
  parts.push(text.slice(cursor));
  return parts.join('');
}

function quoteList(terms: string[]): string {
  const quoted = terms.map((t) => `"${t}"`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const IMMIGRANT_CATEGORIES = new Set(['coded-anti-immigrant']);
const SUPREMACIST_CATEGORIES = new Set(['white-supremacist-signal', 'coded-antisemitic']);

/** The persona's reading, generated from the findings (never a canned text per article). */
export function keishaReading(findings: Finding[], score: number, threshold: number): string {
  const codewords = findings.filter((f) => f.is_codeword);
  const agency = findings.filter((f) => f.category === 'agency-hiding');
  const euphemisms = findings.filter((f) => f.category === 'euphemism' || f.category === 'dehumanizing');
  const loaded = findings.filter((f) => f.category === 'loaded-language');
  const sentences: string[] = [];

  if (codewords.length > 0) {
    const total = codewords.reduce((n, f) => n + f.count, 0);
    sentences.push(
      `This text leans on ${plural(total, 'coded term', 'coded terms')} (${codewords.length > 4 ? 'among them ' : ''}${quoteList(codewords.slice(0, 4).map((f) => f.term))}). ` +
        'Coded language lets a writer call on racist pictures of Black, Latino and Asian people while keeping the deniability of neutral words; ' +
        'the translation above says out loud what the code says quietly.',
    );
    if (codewords.some((f) => IMMIGRANT_CATEGORIES.has(f.category))) {
      sentences.push('The immigration terms turn people into a threat at the border, which is how a racial hierarchy polices who may belong.');
    }
    if (codewords.some((f) => SUPREMACIST_CATEGORIES.has(f.category))) {
      sentences.push('Some of these terms come straight from organised white supremacist movements; they are signals to people who share the ideology.');
    }
  }
  if (agency.length > 0) {
    sentences.push(
      `Around violence the wording hides who acted (${quoteList(agency.slice(0, 3).map((f) => f.term))}). ` +
        'When the people who use force drop out of the sentence, the system that directs that force drops out of the story too.',
    );
  }
  if (euphemisms.length > 0) {
    sentences.push(
      `Softer words stand in for harder facts (${quoteList(euphemisms.slice(0, 3).map((f) => f.term))}); plain words make the harm and the people responsible visible again.`,
    );
  }
  if (codewords.length === 0 && agency.length === 0 && euphemisms.length === 0) {
    if (score >= threshold && loaded.length > 0) {
      sentences.push(
        `I found no racial codewords here, but the framing is loaded (${quoteList(loaded.slice(0, 3).map((f) => f.term))}). ` +
          'Judgement words decide for the reader who is reasonable and who is dangerous before the facts are in.',
      );
    } else {
      sentences.push('I found no coded racial language, euphemism or agency-hiding wording in this text.');
    }
    sentences.push('That is not the same as neutral on race: ask who is quoted, who is described by what they did, and who by what was done to them.');
  } else {
    sentences.push('Racism works as a system, and language is one of its tools: the question is always who the framing protects and who it exposes.');
  }
  return `Keisha's reading: ${sentences.join(' ')}`;
}
