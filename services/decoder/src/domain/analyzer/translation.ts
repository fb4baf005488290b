/**
 * The 'Keisha Translation': the article with every coded or euphemistic term replaced by plain
 * language, then a short reading in the persona's voice, built from what was found. The reading
 * works in the frame of spec section 1: racism and white supremacy as a system, not as the private
 * feelings of individuals.
 */
import { compiledLexicon, type CompiledLexicon } from './lexicon.ts';
import { PASSIVE, type Occurrence } from './match.ts';
import type { Finding } from './findings.ts';

function capitaliseLike(original: string, replacement: string): string {
  const o = original.charCodeAt(0);
  const r = replacement.charCodeAt(0);
  if (o >= 65 && o <= 90 && r >= 97 && r <= 122) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}

const TRAILING_ARTICLE = /\b([Aa])(n?) $/;
const STARTS_WITH_VOWEL = /^[aeiouAEIOU]/;
const POSSESSIVE_END = /['\u2019]s$/i;

/** "an officer-involved shooting" -> "a police shooting": keep the indefinite article agreeing with the new word. */
function fixArticle(before: string, replacement: string): string {
  const m = TRAILING_ARTICLE.exec(before);
  if (!m) return before;
  const wantsAn = STARTS_WITH_VOWEL.test(replacement);
  return before.slice(0, m.index) + m[1] + (wantsAn ? 'n' : '') + ' ';
}

export function rewrite(text: string, occurrences: Occurrence[], lex: CompiledLexicon = compiledLexicon): string {
  if (occurrences.length === 0) return text;
  const parts: string[] = [];
  let cursor = 0;
  for (const o of occurrences) {
    const original = text.slice(o.start, o.end);
    let replacement: string;
    if (o.entry === PASSIVE) replacement = `${original} ${lex.passive.rule.replacementNote}`;
    else {
      const entry = lex.entries[o.entry]!;
      const template = o.form?.replacement ?? entry.replacement;
      replacement = capitaliseLike(original, template.replace('{text}', original));
      // "the inner city's schools" keeps its possessive after the replacement.
      if (!template.includes('{text}') && POSSESSIVE_END.test(original)) replacement += original.slice(-2);
    }
    parts.push(fixArticle(text.slice(cursor, o.start), replacement), replacement);
    cursor = o.end;
  }
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
