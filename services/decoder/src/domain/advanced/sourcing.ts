/**
 * Sourcing balance: who is quoted or paraphrased ("X said", "said X", "according to X"), what kind of
 * source each is (officials and police, residents and community, experts, unnamed), the verb that
 * reports them (a neutral "said" or a doubting "claimed"), and the words that describe them
 * ("a longtime resident", "an angry protester"). Rules of our own on the analyzer's tokens.
 */
import { loadedKind } from '../analyzer/word-lists.ts';
import { TITLE, UPPER, type Tokens } from '../analyzer/tokenize.ts';
import type { SourceAttribution, SourceType } from '@keisha/contracts/decoder';

export type { SourceType };
export const SOURCE_TYPES: readonly SourceType[] = ['official', 'community', 'expert', 'unnamed', 'other'];

/** A word that describes a speaker; `loaded`: a loaded or judging word in the analyzer's lists. */
export type DescribingWord = SourceAttribution['describing'][number];

/** One quoted or paraphrased source: the HTTP contract's type, which the route sends as it is. */
export type Attribution = SourceAttribution;

const NEUTRAL_VERBS = new Set(['said', 'says', 'say', 'told', 'tells', 'stated', 'states', 'added', 'adds', 'explained', 'explains', 'noted', 'notes', 'confirmed', 'confirms', 'announced', 'announces', 'wrote', 'writes', 'asked', 'asks', 'testified', 'testifies', 'reported', 'reports', 'recalled', 'recalls', 'warned', 'warns', 'replied', 'responded', 'described', 'acknowledged', 'acknowledges']);
const DOUBTING_VERBS = new Set(['claimed', 'claims', 'claim', 'alleged', 'alleges', 'insisted', 'insists', 'contended', 'contends', 'admitted', 'admits', 'conceded', 'concedes', 'maintained', 'maintains', 'purported', 'purports', 'complained', 'complains', 'ranted', 'rants', 'boasted', 'boasts', 'whined', 'screamed', 'shrieked']);

const OFFICIAL = new Set([
  'police', 'officer', 'officers', 'cop', 'cops', 'sheriff', 'sheriffs', 'deputy', 'deputies', 'chief', 'spokesperson', 'spokesman', 'spokeswoman',
  'department', 'officials', 'official', 'authorities', 'authority', 'mayor', 'governor', 'senator', 'lawmaker', 'lawmakers', 'prosecutor',
  'prosecutors', 'government', 'administration', 'agency', 'ministry', 'minister', 'president', 'secretary', 'commissioner', 'trooper', 'troopers',
  'patrol', 'military', 'army', 'pentagon', 'council', 'councilman', 'councilwoman', 'councilmember', 'fbi', 'dhs', 'ice', 'superintendent', 'judge',
  'attorney', 'representative', 'congressman', 'congresswoman', 'spokespeople', 'ministry', 'cabinet', 'commander', 'sergeant', 'lieutenant', 'captain',
  'detective', 'detectives', 'investigators', 'investigator', 'prison', 'warden', 'guard', 'guards', 'agents', 'agent', 'administrator', 'board', 'city',
]);
const COMMUNITY = new Set([
  'resident', 'residents', 'neighbor', 'neighbors', 'neighbour', 'neighbours', 'witness', 'witnesses', 'activist', 'activists', 'protester',
  'protesters', 'protestor', 'protestors', 'organizer', 'organizers', 'family', 'families', 'mother', 'father', 'son', 'daughter', 'brother',
  'sister', 'relative', 'relatives', 'parent', 'parents', 'student', 'students', 'worker', 'workers', 'tenant', 'tenants', 'community', 'member',
  'members', 'pastor', 'advocate', 'advocates', 'union', 'victim', 'victims', 'friend', 'friends', 'owner', 'locals', 'volunteer', 'volunteers',
  'bystander', 'bystanders', 'demonstrator', 'demonstrators', 'aunt', 'uncle', 'cousin', 'grandmother', 'grandfather', 'wife', 'husband',
  'teacher', 'nurse', 'shopkeeper', 'vendor', 'customer', 'customers', 'classmate', 'coworker', 'lawyer', 'attorneys', 'niece', 'nephew',
]);
const EXPERT = new Set(['professor', 'researcher', 'researchers', 'analyst', 'analysts', 'expert', 'experts', 'economist', 'economists', 'scholar', 'scholars', 'scientist', 'scientists', 'historian', 'sociologist', 'criminologist', 'study', 'report', 'survey', 'data', 'researcher']);
const UNNAMED = new Set(['source', 'sources', 'anonymity', 'anonymous', 'familiar', 'insider', 'insiders']);
const PRONOUNS = new Set(['he', 'she', 'they', 'it', 'we', 'i', 'you']);
/** Words of a speaker phrase that neither type nor describe the speaker. */
const FUNCTION = new Set(['a', 'an', 'the', 'of', 'for', 'in', 'at', 'on', 'from', 'with', 'and', 'or', 'to', 'who', 'that', 'which', 'whose', 'his', 'her', 'their', 'its', 'our', 'my', 'this', 'these', 'those', 'one', 'two', 'three', 'also', 'later', 'then', 'has', 'had', 'have', 'was', 'were', 'is', 'are', 'been', 'by', 'as', 'on', 'local', 'told', 'asked', 'not', 'in', 'spoke', 'condition', 'people', 'person', 'persons', 'man', 'woman', 'men', 'women']);
const MAX_PHRASE = 8;

function reportingVerbAt(tokens: Tokens, k: number): { verb: string; doubting: boolean; length: number } | undefined {
  const word = tokens.norm[k]!;
  if (word === 'according' && tokens.norm[k + 1] === 'to' && tokens.sentence[k + 1] === tokens.sentence[k]) return { verb: 'according to', doubting: false, length: 2 };
  // "the alleged attack" is not a report: a doubting verb only counts after a word, not before a noun after "the".
  if (DOUBTING_VERBS.has(word)) return k > 0 && tokens.norm[k - 1] !== 'the' && tokens.norm[k - 1] !== 'an' && tokens.norm[k - 1] !== 'a' ? { verb: word, doubting: true, length: 1 } : undefined;
  if (NEUTRAL_VERBS.has(word)) return { verb: word, doubting: false, length: 1 };
  return undefined;
}

function breakBefore(text: string, tokens: Tokens, k: number): boolean {
  if (k === 0) return true;
  for (let c = tokens.end[k - 1]!; c < tokens.start[k]!; c++) {
    const ch = text.charCodeAt(c);
    if (ch === 44 || ch === 59 || ch === 58 || ch === 34 || ch === 0x201c || ch === 0x201d || ch === 0x2014 || ch === 40 || ch === 41) return true;
  }
  return false;
}

/** Tokens [from, to) of the phrase that ends just before token k, back to a clause break. */
function phraseBefore(text: string, tokens: Tokens, k: number): [number, number] {
  const sentence = tokens.sentence[k]!;
  let from = k;
  while (from > 0 && k - from < MAX_PHRASE && tokens.sentence[from - 1] === sentence && !breakBefore(text, tokens, from)) from--;
  return [from, k];
}

/** Tokens [from, to) of the phrase that starts at token k, up to a clause break. */
function phraseAfter(text: string, tokens: Tokens, k: number): [number, number] {
  const sentence = tokens.sentence[k]!;
  let to = k;
  while (to < tokens.count && to - k < MAX_PHRASE && tokens.sentence[to] === sentence && (to === k || !breakBefore(text, tokens, to))) to++;
  return [k, to];
}

function typeOf(tokens: Tokens, ranges: Array<[number, number]>): SourceType | undefined {
  let found: SourceType | undefined;
  for (const [from, to] of ranges) {
    for (let k = from; k < to; k++) {
      const w = tokens.norm[k]!;
      if (UNNAMED.has(w)) return 'unnamed';
      if (found) continue;
      if (OFFICIAL.has(w)) found = 'official';
      else if (COMMUNITY.has(w)) found = 'community';
      else if (EXPERT.has(w)) found = 'expert';
    }
    if (found) return found;
  }
  return found;
}

const PREPOSITIONS = new Set(['of', 'with', 'from', 'at', 'in', 'on', 'for', 'near', 'who', 'that']);

function describingWords(text: string, tokens: Tokens, ranges: Array<[number, number]>): DescribingWord[] {
  const out: DescribingWord[] = [];
  for (const [from, to] of ranges) {
    for (let k = from; k < to; k++) {
      const w = tokens.norm[k]!;
      // "a longtime resident of the block": what follows the preposition is a place, not a description.
      if (PREPOSITIONS.has(w)) break;
      // Names and titles are capitalised (a sentence's first word only counts when it is a loaded word);
      // role nouns type the source rather than describe it.
      const firstOfSentence = k === tokens.sentenceStart[tokens.sentence[k]!];
      const capitalised = (tokens.shape[k]! & (TITLE | UPPER)) !== 0 && !(firstOfSentence && loadedKind(w) !== null);
      if (capitalised || w.length < 3 || /\d/.test(w)) continue;
      if (FUNCTION.has(w) || OFFICIAL.has(w) || COMMUNITY.has(w) || EXPERT.has(w) || UNNAMED.has(w) || PRONOUNS.has(w)) continue;
      if (NEUTRAL_VERBS.has(w) || DOUBTING_VERBS.has(w)) continue;
      const word = text.slice(tokens.start[k]!, tokens.end[k]!);
      if (!out.some((d) => d.word.toLowerCase() === w)) out.push({ word, loaded: loadedKind(w) !== null });
    }
  }
  return out;
}

/** Which tokens stand inside quotation marks (a quote never runs past its paragraph). */
function quotedTokens(text: string, tokens: Tokens): Uint8Array {
  const inside = new Uint8Array(tokens.count);
  let open = false;
  let paragraph = 0;
  let c = 0;
  for (let k = 0; k < tokens.count; k++) {
    if (tokens.paragraph[k] !== paragraph) {
      paragraph = tokens.paragraph[k]!;
      open = false;
    }
    for (; c < tokens.start[k]!; c++) {
      const ch = text.charCodeAt(c);
      if (ch === 34) open = !open;
      else if (ch === 0x201c) open = true;
      else if (ch === 0x201d) open = false;
    }
    c = Math.max(c, tokens.end[k]!);
    inside[k] = open ? 1 : 0;
  }
  return inside;
}

export function attributions(text: string, tokens: Tokens): Attribution[] {
  const out: Attribution[] = [];
  const quoted = quotedTokens(text, tokens);
  for (let k = 0; k < tokens.count; k++) {
    if (quoted[k]) continue;
    const verb = reportingVerbAt(tokens, k);
    if (!verb) continue;
    const sentence = tokens.sentence[k]!;
    let speaker: [number, number];
    const context: Array<[number, number]> = [];
    if (verb.verb === 'according to') {
      speaker = phraseAfter(text, tokens, k + 2);
    } else {
      const before = phraseBefore(text, tokens, k);
      if (before[1] > before[0]) {
        speaker = before;
        // "Lopez, a longtime resident, said": the segment before the apposition names, the apposition types.
        if (before[0] > 0 && tokens.sentence[before[0] - 1] === sentence) context.push(phraseBefore(text, tokens, before[0]));
      } else {
        speaker = phraseAfter(text, tokens, k + 1);
      }
      // "said Maria Lopez, a longtime resident": the apposition after the name.
      if (speaker[1] < tokens.count && tokens.sentence[speaker[1]] === sentence && speaker[0] > k) context.push(phraseAfter(text, tokens, speaker[1]));
    }
    if (speaker[1] <= speaker[0]) continue;
    // "said that ...", "told reporters": what follows a verb with no speaker before it is not a speaker.
    if (speaker[0] > k && ['that', 'reporters', 'the', 'it', 'in', 'on'].includes(tokens.norm[speaker[0]]!) && verb.verb !== 'according to' && tokens.norm[speaker[0]] !== 'the') continue;
    const oneWord = speaker[1] - speaker[0] === 1;
    const onlyPronoun = oneWord && PRONOUNS.has(tokens.norm[speaker[0]]!);
    // A pronoun speaker ("she said") is the last source named before it; a surname alone ("Lopez said"), the source of that name.
    const previous = onlyPronoun
      ? out[out.length - 1]
      : oneWord
        ? out.findLast((a) => a.speaker.split(/\s+/).some((part) => part.toLowerCase() === tokens.norm[speaker[0]]))
        : undefined;
    const type = previous?.type ?? typeOf(tokens, [speaker, ...context]) ?? 'other';
    out.push({
      start: tokens.start[speaker[0]]!,
      end: tokens.end[speaker[1] - 1]!,
      speaker: text.slice(tokens.start[speaker[0]]!, tokens.end[speaker[1] - 1]!),
      type,
      verb: text.slice(tokens.start[k]!, tokens.end[k + verb.length - 1]!),
      doubting: verb.doubting,
      describing: onlyPronoun ? [] : describingWords(text, tokens, [speaker, ...context]),
      sentence,
    });
    k += verb.length - 1;
  }
  return out;
}

export interface SourcingBalance {
  attributions: Attribution[];
  /** Attributions per kind of source. */
  counts: Record<SourceType, number>;
  /** Attributions reported with a doubting verb, per kind of source. */
  doubting: Record<SourceType, number>;
}

export function sourcingBalance(text: string, tokens: Tokens): SourcingBalance {
  const found = attributions(text, tokens);
  const counts = { official: 0, community: 0, expert: 0, unnamed: 0, other: 0 };
  const doubting = { official: 0, community: 0, expert: 0, unnamed: 0, other: 0 };
  for (const a of found) {
    counts[a.type]++;
    if (a.doubting) doubting[a.type]++;
  }
  return { attributions: found, counts, doubting };
}
