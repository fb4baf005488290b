/**
 * Agency-hiding: passive clauses that leave out who acted ("shots were fired", "a man was killed"),
 * found on the analyzer's tokens with rules of our own. The analyzer's own agentless-passive term
 * (match.ts) fires only for violence verbs near policing words; this looks at every passive of the
 * article, says which name their agent ("by ..."), and marks those whose verb is harm done to someone.
 * compromise was tried as the tagger and not kept: it tags "was tired" and "is located" as passives
 * too, and costs about 0.8 ms a sentence against microseconds here (docs/decoder.md).
 */
import { HYPHENATED, type Tokens } from '../analyzer/tokenize.ts';

export interface PassiveClause {
  start: number;
  end: number;
  /** The participle as written ("fired", "pepper-sprayed"). */
  verb: string;
  /** Index of the sentence it is in (the strip's order). */
  sentence: number;
  /** A "by ..." agent follows in the same clause. */
  agentNamed: boolean;
  /** The verb is harm done to someone (killed, shot, arrested, evicted...). */
  harm: boolean;
}

const AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'get', 'gets', 'got', 'gotten', 'getting', 'its', 'hes', 'shes', 'theyre']);
/** Words allowed between the auxiliary and the participle ("was later fatally shot", "has been"). */
const BETWEEN = new Set(['not', 'never', 'also', 'then', 'later', 'still', 'just', 'reportedly', 'allegedly', 'apparently', 'been', 'being', 'all', 'both', 'eventually', 'quickly', 'immediately', 'repeatedly', 'again', 'soon', 'first', 'finally']);
/** Participles that do not end in -ed. */
const IRREGULAR = new Set([
  'shot', 'hit', 'struck', 'beaten', 'stabbed', 'taken', 'given', 'made', 'seen', 'found', 'held', 'thrown', 'driven', 'brought', 'caught',
  'told', 'sent', 'left', 'put', 'set', 'cut', 'hurt', 'bitten', 'built', 'bought', 'fought', 'shown', 'written', 'stolen', 'sold', 'paid',
  'led', 'hung', 'kept', 'lost', 'won', 'spent', 'torn', 'chosen', 'forgotten', 'frozen', 'hidden', 'broken', 'spoken', 'run', 'overrun',
  'slain', 'shut', 'thrust', 'flung', 'swept', 'sought', 'taught', 'dealt', 'meant', 'heard', 'done', 'undone', 'withheld', 'upheld', 'overturned',
  'let', 'laid', 'bound', 'ground', 'wound', 'dug', 'stuck', 'struck', 'stung', 'shaken', 'woken', 'ridden', 'drawn', 'known', 'grown', 'blown',
]);
/**
 * Words in -ed after "be" that describe a state rather than an act someone did ("was tired", "is based in",
 * "are expected to", "is called"): not counted as passives.
 */
const STATIVE = new Set([
  'tired', 'concerned', 'interested', 'located', 'based', 'worried', 'pleased', 'scared', 'married', 'excited', 'supposed', 'used', 'involved',
  'surprised', 'disappointed', 'satisfied', 'related', 'committed', 'dedicated', 'determined', 'prepared', 'expected', 'called', 'named', 'known',
  'entitled', 'convinced', 'aged', 'frightened', 'bored', 'confused', 'exhausted', 'amazed', 'shocked', 'delighted', 'relieved', 'ashamed',
  'embarrassed', 'engaged', 'finished', 'gone', 'done', 'united', 'qualified', 'talented', 'advanced', 'detailed', 'limited', 'crowded',
  'armed', 'masked', 'unarmed', 'skilled', 'alleged', 'reported', 'need', 'needed', 'inclined', 'equipped', 'allowed',
  'required', 'scheduled', 'slated', 'poised', 'designed', 'meant', 'due', 'red', 'bed', 'seed', 'reed', 'feed', 'need', 'speed', 'shed', 'wed',
]);
/** Harm done to someone: the clauses whose missing agent a reader most needs. */
const HARM = new Set([
  'killed', 'shot', 'fired', 'injured', 'wounded', 'beaten', 'struck', 'hit', 'stabbed', 'arrested', 'detained', 'tased', 'tasered', 'sprayed',
  'tackled', 'restrained', 'handcuffed', 'pinned', 'choked', 'strangled', 'evicted', 'removed', 'displaced', 'deported', 'searched', 'stopped',
  'dragged', 'punched', 'kicked', 'slammed', 'hurt', 'attacked', 'assaulted', 'harmed', 'abused', 'mistreated', 'slain', 'murdered', 'lynched',
  'burned', 'bombed', 'targeted', 'profiled', 'harassed', 'threatened', 'jailed', 'imprisoned', 'incarcerated', 'executed', 'tortured', 'raided',
  'gassed', 'teargassed', 'bulldozed', 'demolished', 'seized', 'confiscated', 'denied', 'excluded', 'expelled', 'suspended', 'dismissed',
  'cuffed', 'subdued', 'neutralized', 'apprehended', 'booked', 'charged', 'indicted', 'sentenced', 'convicted', 'silenced', 'dispersed',
  'cleared', 'swept', 'trampled', 'rammed', 'run', 'overrun', 'thrown', 'flung', 'bitten', 'mauled',
]);
/** "by" these is a time or a means, not an agent ("by Friday", "by car"). */
const NOT_AGENT_AFTER_BY = new Set(['then', 'now', 'noon', 'midnight', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'car', 'hand', 'phone', 'mail', 'email', 'law', 'default', 'accident', 'mistake', 'far', 'dawn', 'morning', 'evening', 'night', 'the', 'early', 'late', 'mid', 'march', 'june', 'july', 'august', 'may', 'april', 'january', 'february', 'september', 'october', 'november', 'december']);
const AGENT_WINDOW = 8;

function isParticiple(word: string): boolean {
  if (STATIVE.has(word)) return false;
  if (IRREGULAR.has(word)) return true;
  return word.length >= 5 && word.endsWith('ed');
}

/** Text between two neighbouring tokens holds a clause break (a comma, a semicolon, a dash, a colon). */
function breakBetween(text: string, tokens: Tokens, k: number): boolean {
  for (let c = tokens.end[k]!; c < tokens.start[k + 1]!; c++) {
    const ch = text.charCodeAt(c);
    if (ch === 44 || ch === 59 || ch === 58 || ch === 0x2014 || ch === 0x2013 || ch === 40) return true;
  }
  return false;
}

function agentAfter(text: string, tokens: Tokens, participle: number): boolean {
  const sentence = tokens.sentence[participle]!;
  for (let k = participle + 1; k < tokens.count && k <= participle + AGENT_WINDOW && tokens.sentence[k] === sentence; k++) {
    if (breakBetween(text, tokens, k - 1)) return false;
    if (tokens.norm[k] !== 'by') continue;
    const next = tokens.norm[k + 1];
    if (next === undefined || tokens.sentence[k + 1] !== sentence) return false;
    // "by the end of the day" is time; "by the officer" is an agent.
    if (next === 'the' && ['end', 'time', 'afternoon', 'morning', 'evening', 'weekend'].includes(tokens.norm[k + 2] ?? '')) return false;
    if (next !== 'the' && NOT_AGENT_AFTER_BY.has(next)) return false;
    return true;
  }
  return false;
}

export function passiveClauses(text: string, tokens: Tokens): PassiveClause[] {
  const out: PassiveClause[] = [];
  const n = tokens.count;
  for (let i = 0; i < n; i++) {
    if (!AUXILIARIES.has(tokens.norm[i]!)) continue;
    const sentence = tokens.sentence[i]!;
    let j = i + 1;
    while (j < n && j - i <= 3 && tokens.sentence[j] === sentence && (BETWEEN.has(tokens.norm[j]!) || /^[a-z]{3,}ly$/.test(tokens.norm[j]!)) && !breakBetween(text, tokens, j - 1)) j++;
    if (j >= n || tokens.sentence[j] !== sentence || breakBetween(text, tokens, j - 1)) continue;
    // "pepper-sprayed": the participle is the last part of a hyphenated word.
    let last = j;
    while (last + 1 < n && (tokens.shape[last + 1]! & HYPHENATED) !== 0) last++;
    const verb = tokens.norm[last]!;
    if (!isParticiple(verb)) continue;
    // "is set to", "were used to": a state or a plan, not an act done.
    if (tokens.norm[last + 1] === 'to' && (verb === 'set' || verb === 'used' || verb === 'supposed')) continue;
    out.push({
      start: tokens.start[i]!,
      end: tokens.end[last]!,
      verb: text.slice(tokens.start[j]!, tokens.end[last]!),
      sentence,
      agentNamed: agentAfter(text, tokens, last),
      harm: HARM.has(verb),
    });
    i = last;
  }
  return out;
}
