/**
 * The word lists behind the framing signals (data/framing-words.json, published lists whose authors are
 * credited in data/README.md, and a few small lists of our own), compiled once into one bit set per
 * word: which lists it belongs to, what it inherits as an inflection, the phrases it starts. The opinion
 * lists name many words in one form only ("deplore" but not "deplored"), so their regular inflections
 * are added at load time (see `wordInflections`). Which words read as loaded language is decided here
 * (`loadedKind`); framing.ts counts them in a text.
 */
import framingData from './data/framing-words.json' with { type: 'json' };
import { phraseTokens } from './lexicon-types.ts';
import { markedForms, wordWeights } from './words.ts';

interface FramingFile {
  about: string;
  lists: {
    strongSubjective: string[];
    negative: string[];
    positive: string[];
    hedges: string[];
    reportVerbs: string[];
    factives: string[];
    assertives: string[];
    implicatives: string[];
  };
  ours: {
    intensifiers: string[];
    attribution: string[];
    address: string[];
    notLoaded: string[];
    notMannerAdverbs: string[];
    partisanLabels: string[];
    loadedSpeechVerbs: string[];
    pejorativeLabels: string[];
    timeReferences: string[];
  };
  irregularVerbForms: Record<string, string[]>;
}

const framing = framingData as FramingFile;

export const STRONG = 1;
export const NEGATIVE = 2;
export const POSITIVE = 4;
export const HEDGE = 8;
export const REPORT = 16;
export const FACTIVE = 32;
export const ASSERTIVE = 64;
export const IMPLICATIVE = 128;
export const INTENSIFIER = 256;
export const ATTRIBUTION = 512;
export const ADDRESS = 1024;
export const NOT_LOADED = 2048;
export const NOT_MANNER = 4096;
export const PARTISAN = 8192;
/** A verb of speech that passes judgement on the speaker or their words ("claimed", "slammed"), where "said" would not. */
export const LOADED_SPEECH = 16384;
/** A pejorative label for a group of people ("mob", "leftists"). */
export const PEJORATIVE = 32768;
/** A reference to time ("Tuesday", "last week"): hard news dates its events. */
export const TIME = 65536;
/**
 * A word of the published subjectivity and bias lexicons that news-bias annotators often mark
 * (words.ts `markedForms`, fitted on the fit half of BABE): shown as loaded language, not counted
 * in the score's features (the words model already carries it).
 */
export const MARKED = 131072;

/** Regular inflections of a verb lemma: says/said come from the irregular table. */
function inflect(lemma: string): string[] {
  const forms = [lemma];
  if (lemma.includes(' ')) return forms;
  const last = lemma[lemma.length - 1]!;
  const beforeLast = lemma[lemma.length - 2] ?? '';
  const vowel = (c: string) => 'aeiou'.includes(c);
  if (/(s|x|z|ch|sh)$/.test(lemma)) forms.push(lemma + 'es');
  else if (last === 'y' && !vowel(beforeLast)) forms.push(lemma.slice(0, -1) + 'ies');
  else forms.push(lemma + 's');
  if (last === 'e') forms.push(lemma + 'd', lemma.slice(0, -1) + 'ing');
  else if (last === 'y' && !vowel(beforeLast)) forms.push(lemma.slice(0, -1) + 'ied', lemma + 'ing');
  else forms.push(lemma + 'ed', lemma + 'ing');
  return forms;
}

const wordBits = new Map<string, number>();
/** Bits an inflected form inherits from its listed base word ("deplored" from "deplore"). */
const inflectedBits = new Map<string, number>();
/**
 * The same, for the -ed, -ing and -ly forms only: these are shown to the reader. The -s form is left
 * out because it is as often a noun of another meaning ("plots" of land, from "plot").
 */
const shownInflectedBits = new Map<string, number>();
const phraseRoot = new Map<string, Array<{ rest: string[]; bits: number }>>();

function add(word: string, bits: number): void {
  const tokens = phraseTokens(word);
  if (tokens.length === 0) return;
  if (tokens.length === 1) {
    wordBits.set(tokens[0]!, (wordBits.get(tokens[0]!) ?? 0) | bits);
    return;
  }
  const list = phraseRoot.get(tokens[0]!) ?? [];
  list.push({ rest: tokens.slice(1), bits });
  phraseRoot.set(tokens[0]!, list);
}

function addVerbs(lemmas: string[], bits: number): void {
  for (const lemma of lemmas) {
    for (const form of inflect(lemma)) add(form, bits);
    for (const form of framing.irregularVerbForms[lemma] ?? []) add(form, bits);
  }
}

for (const w of framing.lists.strongSubjective) add(w, STRONG);
for (const w of framing.lists.negative) add(w, NEGATIVE);
for (const w of framing.lists.positive) add(w, POSITIVE);
for (const w of framing.lists.hedges) add(w, HEDGE);
addVerbs(framing.lists.reportVerbs, REPORT);
addVerbs(framing.lists.factives, FACTIVE);
addVerbs(framing.lists.assertives, ASSERTIVE);
addVerbs(framing.lists.implicatives, IMPLICATIVE);
for (const w of framing.ours.intensifiers) add(w, INTENSIFIER);
for (const w of framing.ours.attribution) add(w, ATTRIBUTION);
for (const w of framing.ours.address) add(w, ADDRESS);
for (const w of framing.ours.notLoaded) add(w, NOT_LOADED);
for (const w of framing.ours.notMannerAdverbs) add(w, NOT_MANNER);
for (const w of framing.ours.partisanLabels) add(w, PARTISAN);
for (const w of framing.ours.pejorativeLabels) add(w, PEJORATIVE);
for (const w of framing.ours.timeReferences) add(w, TIME);

const isVowel = (c: string | undefined) => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';

/** One syllable ending consonant-vowel-consonant ("slam", "rip"): the consonant doubles before -ed and -ing. */
function doublesFinal(w: string): boolean {
  const n = w.length;
  const last = w[n - 1]!;
  if (n < 3 || last === 'w' || last === 'x' || last === 'y' || isVowel(last) || !isVowel(w[n - 2]) || isVowel(w[n - 3])) return false;
  let syllables = 0;
  for (let i = 0; i < n; i++) if (isVowel(w[i]) && !isVowel(w[i - 1])) syllables++;
  return syllables === 1;
}

/**
 * The regular inflections of a listed word, whatever its part of speech: -s, -ed, -ing and -ly
 * ("slam" -> slams, slammed, slamming, slamly). Forms that are not English words are harmless: they
 * never occur in text. Irregular forms come from the lists themselves.
 */
export function wordInflections(w: string): string[] {
  const n = w.length;
  const last = w[n - 1]!;
  const consonantY = last === 'y' && !isVowel(w[n - 2]);
  const out: string[] = [];
  if (/(?:s|x|z|ch|sh)$/.test(w)) out.push(w + 'es');
  else if (consonantY) out.push(w.slice(0, -1) + 'ies');
  else out.push(w + 's');
  if (last === 'e') out.push(w + 'd', w.endsWith('ie') ? w.slice(0, -2) + 'ying' : /[eoy]e$/.test(w) ? w + 'ing' : w.slice(0, -1) + 'ing');
  else if (consonantY) out.push(w.slice(0, -1) + 'ied', w + 'ing');
  else if (doublesFinal(w)) out.push(w + last + 'ed', w + last + 'ing');
  else out.push(w + 'ed', w + 'ing');
  if (w.endsWith('le') && !isVowel(w[n - 3])) out.push(w.slice(0, -1) + 'y');
  else if (consonantY) out.push(w.slice(0, -1) + 'ily');
  else if (w.endsWith('ic')) out.push(w + 'ally');
  else if (!w.endsWith('ly')) out.push(w + 'ly');
  return out;
}

/** Opinion lists whose words lend their bits to their inflections. */
const INFLECTED_LISTS = STRONG | NEGATIVE | POSITIVE;
for (const [word, bits] of wordBits) {
  const listed = bits & INFLECTED_LISTS;
  if (listed === 0 || word.length < 3 || !/^[a-z]+$/.test(word)) continue;
  wordInflections(word).forEach((form, index) => {
    const missing = listed & ~(wordBits.get(form) ?? 0);
    if (missing === 0) return;
    inflectedBits.set(form, (inflectedBits.get(form) ?? 0) | missing);
    if (index > 0) shownInflectedBits.set(form, (shownInflectedBits.get(form) ?? 0) | missing);
  });
}
// Added after the inflection pass: these verbs are our own list and are inflected here in full.
for (const verb of framing.ours.loadedSpeechVerbs) for (const form of [verb, ...wordInflections(verb)]) add(form, LOADED_SPEECH);
for (const form of markedForms) add(form, MARKED);

/**
 * What framingCounts needs of a word, from one lookup instead of five (its own bits, those it inherits
 * as an inflection, counted and shown, the phrases it starts, its words-model weight): the maps are
 * large, and each lookup of a token is a likely cache miss. Built once, after every list is in.
 */
export interface WordFacts {
  own: number;
  inflected: number;
  shownInflected: number;
  phrases: Array<{ rest: string[]; bits: number }> | undefined;
  weight: number;
}
export const wordFacts: ReadonlyMap<string, WordFacts> = new Map<string, WordFacts>();
function factsOf(word: string): WordFacts {
  let facts = wordFacts.get(word);
  if (!facts) (wordFacts as Map<string, WordFacts>).set(word, (facts = { own: 0, inflected: 0, shownInflected: 0, phrases: undefined, weight: 0 }));
  return facts;
}
for (const [word, bits] of wordBits) factsOf(word).own = bits;
for (const [word, bits] of inflectedBits) factsOf(word).inflected = bits;
for (const [word, bits] of shownInflectedBits) factsOf(word).shownInflected = bits;
for (const [word, phrases] of phraseRoot) factsOf(word).phrases = phrases;
for (const [word, weight] of wordWeights) factsOf(word).weight = weight;

/** The list bits of a word as written, with those it inherits as an inflection of a listed word (the fitting scripts read them). */
export function wordListBits(word: string): number {
  return (wordBits.get(word) ?? 0) | (inflectedBits.get(word) ?? 0);
}

/** The lists of opinion and camp words: a word in any of them may be tagged (tagged.ts). */
export const OPINION = STRONG | NEGATIVE | POSITIVE | PARTISAN;

/** Strongly subjective and negative: the words the analyzer lists as loaded language. */
export const LOADED = STRONG | NEGATIVE;
/** Strongly subjective and positive: praise ("peacock terms"). */
export const PEACOCK = STRONG | POSITIVE;
/**
 * Words that never count as loaded opinion words: events and topics ("killed", "inequality"), and
 * neutral reporting verbs ("disputed", "denied", "said"), which tell who said what without judging it.
 */
export const NEVER_OPINION = NOT_LOADED | REPORT | ATTRIBUTION;

export type LoadedKind = 'opinion' | 'speech' | 'label' | 'marked';

/**
 * Why a word is loaded language, or null. Judging speech verbs and pejorative labels are loaded
 * whatever the opinion lists say. `own` bits come from the word as written; `shown` adds those it
 * inherits as an inflection of a listed word.
 */
export function loadedKindOf(own: number, shown: number): LoadedKind | null {
  if (own & LOADED_SPEECH) return 'speech';
  if (own & PEJORATIVE) return 'label';
  if ((shown & LOADED) === LOADED && (own & NEVER_OPINION) === 0) return 'opinion';
  return null;
}

/** A word the annotators often mark, shown unless it is an event, attribution or report word ("disputed", "said"). */
export const isMarkedShown = (own: number) => (own & MARKED) !== 0 && (own & NEVER_OPINION) === 0;

/** A word of the published opinion lists (strongly subjective, negative, positive) or our partisan labels, or an inflection of one. */
export function isOpinionWord(word: string): boolean {
  return (wordListBits(word) & OPINION) !== 0;
}

/** An event or topic word, an attribution word or a report verb ("killed", "said", "disputed"): never loaded as an opinion. */
export function neverOpinion(word: string): boolean {
  return ((wordBits.get(word) ?? 0) & NEVER_OPINION) !== 0;
}

/** Why a word is shown as loaded language ("opinion", "speech", "label", "marked"), or null when it is not. */
export function loadedKind(word: string): LoadedKind | null {
  const own = wordBits.get(word) ?? 0;
  return loadedKindOf(own, own | (shownInflectedBits.get(word) ?? 0)) ?? (isMarkedShown(own) ? 'marked' : null);
}
