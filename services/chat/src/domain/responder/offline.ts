// Keisha's embedded offline responder: retrieval over our sourced library, answered in her voice.
// Deterministic: the same question (and conversation) always gets the same answer. It says plainly
// that it is in offline mode, and why when a language model failed. It answers only inside the library's
// scope (knowledge/scope.ts) or a follow-up of the conversation; anything else gets "I have no notes on that".
import type { ChatSource } from '@keisha/contracts/chat';
import type { ModelTurn } from '../conversation.ts';
import { KNOWLEDGE, TOPIC_NAMES, type Passage, type TopicId } from '../knowledge/index.ts';
import { inScope } from '../knowledge/scope.ts';
import { BM25Index, DEFAULT_BM25 } from '../retrieval/bm25.ts';
import { nameWords } from '../retrieval/names.ts';
import { terms as plainTerms } from '../retrieval/text.ts';
import { hasPhrase, intentPhrases, phraseText, quotedPhrases } from './phrases.ts';

export type OfflineAnswerKind = 'answer' | 'greeting' | 'article' | 'no-match';

export interface OfflineAnswer {
  kind: OfflineAnswerKind;
  text: string;
  sources: ChatSource[];
  /** The passages used, best first. */
  passageIds: string[];
}

export interface OfflineContext {
  /** Earlier turns of the conversation, oldest first (a short follow-up borrows the last question's words). */
  history?: ModelTurn[];
  /** Why the language model did not answer, when one is configured ("it answered 503"). */
  modelFailure?: string;
}

/** Below this BM25 score the best passage is not about the question. */
export const MIN_RELEVANCE = 2.5;
/**
 * For a question inside the library's scope (knowledge/scope.ts) the score only has to show that the passage is
 * about the question's words, not that they are rare: "What is racism?" has one word, found in most passages.
 */
export const MIN_RELEVANCE_IN_SCOPE = 1;
/** Nor when it matches less than this share of the question's weight (see SearchHit.coverage). */
export const MIN_COVERAGE = 0.3;
/** A second passage is added when it scores at least this share of the best. */
const RELATED_SHARE = 0.6;

// Keisha's self-introduction lists every topic, so it would match every question: it answers greetings only.
const SEARCHABLE = KNOWLEDGE.filter((p) => p.id !== 'keisha/who');

// Names are kept whole ("France" must not meet "Frances" Cress Welsing): see retrieval/names.ts.
const NAMES = nameWords(KNOWLEDGE.flatMap((p) => [p.title, p.text]));
const terms = (text: string) => plainTerms(text, NAMES);

const index = new BM25Index<Passage>(
  SEARCHABLE,
  (p) => [
    { text: p.title, weight: 2 },
    { text: p.keywords.join(' '), weight: 2 },
    { text: p.text, weight: 1 },
  ],
  DEFAULT_BM25,
  terms,
);

/** Each passage's words for quoted phrases (its title, each keyword and its text), and its intent phrases. */
const PHRASE_TEXT = new Map(SEARCHABLE.map((p) => [p, phraseText([p.title, ...p.keywords, p.text])]));
const INTENT = new Map(SEARCHABLE.map((p) => [p, intentPhrases(p.keywords)]));

const LEADS: Record<TopicId, string> = {
  'ai-bias': 'Here is what the evidence shows.',
  'white-supremacy': 'Here is how the scholarship names it.',
  enterprise: 'Here is what good practice looks like.',
  strategies: 'Here is something you can act on.',
  decoder: 'Here is how the decoder works.',
  keisha: '',
};

/** One example question per topic, for the answers that suggest where to go next. */
const EXAMPLES: Record<TopicId, string> = {
  'ai-bias': 'How does racial bias get into AI systems?',
  'white-supremacy': 'What is white supremacy as a system?',
  enterprise: 'What are enterprise AI ethics best practices?',
  strategies: 'What counter-racist strategies can I use?',
  decoder: 'How does the decoder read an article?',
  keisha: 'What does offline mode mean?',
};

function offlineLine(context: OfflineContext): string {
  return context.modelFailure
    ? `_I'm in offline mode: the language model is unavailable right now (${context.modelFailure}), so I'm answering from my library of sourced notes._`
    : `_I'm in offline mode: no language model is connected, so I'm answering from my library of sourced notes._`;
}

// Matched on the question's words alone (punctuation and symbols as single spaces): the earlier pattern, with two
// runs of punctuation side by side, took 23 s of the event loop on "hi" followed by 20,000 "!" and an "x".
const GREETING = /^(hi|hello|hey|hiya|greetings|good (morning|afternoon|evening)|yo|howdy|thanks|thank you|thx)( keisha)?$/i;
/** A greeting is short: longer text is not tested at all. */
const GREETING_MAX_CHARS = 80;

function isGreeting(text: string): boolean {
  return text.length <= GREETING_MAX_CHARS && GREETING.test(text.replace(/[\s\p{P}\p{S}]+/gu, ' ').trim());
}

const ABOUT_KEISHA = /^(who|what) are you\b|^what can you (do|help)|^introduce yourself|^tell me about yourself|^help[\s\p{P}]*$|^how (do|can|should) i use (you|keisha|this)\b/iu;

function looksLikeArticle(text: string): boolean {
  if (text.length < 1200) return false;
  // Sentence ends: a . ! or ? followed by a space. (Splitting on /[.!?]+\s/ instead took 9 s on 20,000 "!".)
  const sentences = (text.match(/[.!?](?=\s)/g)?.length ?? 0) + 1;
  return sentences >= 8;
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, (ch) => `\\${ch}`);
}

function sourcesBlock(sources: ChatSource[]): string {
  return ['**Sources**', ...sources.map((s) => `- [${escapeLinkText(s.title)}](${s.url})`)].join('\n');
}

function uniqueSources(passages: Passage[]): ChatSource[] {
  const seen = new Set<string>();
  const out: ChatSource[] = [];
  for (const passage of passages) {
    for (const source of passage.sources) {
      if (seen.has(source.url)) continue;
      seen.add(source.url);
      out.push(source);
    }
  }
  return out;
}

function topicList(): string {
  return (Object.keys(TOPIC_NAMES) as TopicId[])
    .filter((topic) => topic !== 'keisha')
    .map((topic) => `- ${TOPIC_NAMES[topic]}, for example: "${EXAMPLES[topic]}"`)
    .join('\n');
}

const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });
/**
 * Ends ICU takes for a sentence's end before a capital that are inside a name: initials ("Ibram X. Kendi",
 * "the U.S. Federal Reserve") and titles ("Dr. King").
 */
const NOT_AN_END = /(?:^|[\s(“"])(?:(?:[A-Z]\.)+|Mr\.|Mrs\.|Ms\.|Dr\.|Prof\.|Rev\.|Sen\.|Rep\.|Gov\.|Gen\.|St\.)\s*$/;

/** The sentences of a passage (ICU's sentence breaks, rejoined where they split a name or go on in lower case). */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const { segment } of SENTENCES.segment(text)) {
    // A question or exclamation inside a sentence: "(is it?) and then".
    if (out.length > 0 && !pending && /^\p{Ll}/u.test(segment)) {
      out[out.length - 1] += segment;
      continue;
    }
    pending += segment;
    if (NOT_AN_END.test(pending)) continue;
    out.push(pending);
    pending = '';
  }
  if (pending) out.push(pending);
  return out;
}

/** The first `count` sentences of a passage. */
function firstSentences(text: string, count: number): string {
  return sentencesOf(text).slice(0, count).join('').trim();
}

function greeting(context: OfflineContext): OfflineAnswer {
  const who = KNOWLEDGE.find((p) => p.id === 'keisha/who')!;
  return {
    kind: 'greeting',
    text: [
      offlineLine(context),
      `Hello, I'm Keisha. ${who.text}`,
      `In offline mode I can speak to:\n${topicList()}`,
    ].join('\n\n'),
    sources: [],
    passageIds: [who.id],
  };
}

function article(context: OfflineContext): OfflineAnswer {
  const using = KNOWLEDGE.find((p) => p.id === 'decoder/using-it')!;
  const what = KNOWLEDGE.find((p) => p.id === 'decoder/what-it-returns')!;
  return {
    kind: 'article',
    text: [
      offlineLine(context),
      'This looks like an article. In offline mode I cannot read it closely myself, but the news decoder can: it runs offline too. Open **Bias Detection** in the side panel and paste the text there.',
      what.text,
      'Then bring its findings back here and ask me about any term or passage.',
      sourcesBlock(uniqueSources([what, using])),
    ].join('\n\n'),
    sources: uniqueSources([what, using]),
    passageIds: [what.id, using.id],
  };
}

function noMatch(context: OfflineContext): OfflineAnswer {
  return {
    kind: 'no-match',
    text: [
      offlineLine(context),
      "I have no notes on that in my offline library, and I would rather say so than guess.",
      `Here is what I can speak to with sources:\n${topicList()}`,
      'When a language model is connected again, I can take on wider questions.',
    ].join('\n\n'),
    sources: [],
    passageIds: [],
  };
}

/** How many of the question's words the library knows: none for "tell me more" or "why?". */
function knownTerms(question: string): number {
  return terms(question).filter((t) => index.knows(t)).length;
}

/**
 * A request to go on ("tell me more", "why?", "and then?"): no word of its own beyond stop words. It is answered
 * from the last question's words, with a passage not given yet. ("What if it is my coworker?" has a word of its
 * own, even one the library does not know: it is a question, searched with the last one's words beside it.)
 */
function asksForMore(question: string): boolean {
  return terms(question).length === 0;
}

/**
 * How much the last question's words count beside the new one's: a short question usually leans on the last
 * one ("Has it led to arrests?", "What did companies do after it?"), while a new topic's own words still
 * outweigh the old ones. Chosen on the dialogues of follow-ups.test.ts: of their 24 follow-ups, 10 get a
 * passage that answers them with the new question alone, 14, 15, 18 and 20 with the last question's words at
 * 0.2, 0.3, 0.4 and 0.5 of a word's weight, 20 up to 0.8 and 21 at 1, where one of the 8 changes of topic went
 * back to the old topic (none did below). The lowest weight of the plateau is taken. (Before, the two questions
 * were joined only when the new one had fewer than two words the library knows, and the passage just given was
 * then skipped: 9 of 24.)
 */
const LAST_QUESTION_WEIGHT = 0.5;

/**
 * Words by which a question points back at the conversation ("Has it led to arrests?", "What about kidney
 * tests?", "And why?"): such a question may lean on the last one even with no word of the library's subject.
 */
const REFERS_BACK = /\b(it|its|it's|they|them|their|theirs|that|this|those|these|he|him|his|she|her|hers)\b|^(and|but|so|also|then)\b|^(what|how) about\b/i;

/**
 * Whether a question outside the library's scope is still a follow-up of the conversation: either it points back
 * with at most FOLLOW_UP_OWN_WORDS words of its own ("How did they fix it?", "Who wrote about it?"), or with more
 * that the passage found with the last question's help matches in good part ("How is it connected to the war on
 * drugs?"); or, not pointing back, it has at most FOLLOW_UP_OWN_WORDS words, all words of the library, and the last
 * answer holds a good part of them: it asks about something just said ("How big was the gap?" after speech
 * recognition's error gap; not "What are the rules of chess?" after the four-fifths rule, nor "How do I improve my
 * credit score?" or "How does a car engine work?").
 * "Is it going to rain in Detroit this weekend?" has four words of its own, few of them in the passage on Detroit.
 */
function continuesConversation(question: string, passage: Passage, lastAnswer: string): boolean {
  const own = terms(question);
  if (REFERS_BACK.test(question)) {
    if (own.length <= FOLLOW_UP_OWN_WORDS) return true;
    return (index.search(question, index.size).find((hit) => hit.item === passage)?.coverage ?? 0) >= MIN_COVERAGE;
  }
  if (own.length > FOLLOW_UP_OWN_WORDS || !own.every((t) => index.knows(t))) return false;
  const said = new Set(terms(lastAnswer));
  const unique = [...new Set(own)];
  const weight = (list: string[]) => list.reduce((sum, t) => sum + index.idf(t), 0);
  return weight(unique.filter((t) => said.has(t))) >= MIN_COVERAGE * weight(unique);
}

/** A follow-up that points back may have this many words of its own that need not be in the passage. */
const FOLLOW_UP_OWN_WORDS = 2;

export function answerOffline(question: string, context: OfflineContext = {}): OfflineAnswer {
  const trimmed = question.trim();
  if (isGreeting(trimmed) || ABOUT_KEISHA.test(trimmed)) return greeting(context);
  if (looksLikeArticle(trimmed)) return article(context);

  const history = context.history ?? [];
  // The last question the library spoke to: after "tell me more", or after a question it had no notes on, the
  // topic is still the one before it.
  const lastQuestion = [...history]
    .reverse()
    .find((t) => t.role === 'user' && knownTerms(t.content) > 0 && inScope(t.content))?.content;
  const lastAnswer = [...history].reverse().find((t) => t.role === 'assistant')?.content ?? '';
  const more = lastQuestion !== undefined && asksForMore(trimmed);
  const scoped = inScope(trimmed);
  // Outside the library's scope and not leaning on the conversation: an honest "no notes", whatever words match.
  if (!scoped && !more && lastQuestion === undefined) return noMatch(context);
  const query =
    lastQuestion === undefined ? trimmed
    : more ? lastQuestion
    : [{ text: trimmed, weight: 1 }, { text: lastQuestion, weight: LAST_QUESTION_WEIGHT }];

  // Asked for more, it moves on to the next passage instead of repeating the one just given.
  const alreadyGiven = (p: Passage) => more && lastAnswer.includes(`**${p.title}**`);
  const ranked = index.search(query, index.size).filter((hit) => !alreadyGiven(hit.item));
  // In scope, phrases come first, whatever their passages' scores (see phrases.ts): a quoted term found word for
  // word, then a keyword phrase such as "what can i do" found in the question.
  const quoted = scoped ? quotedPhrases(trimmed) : [];
  const asked = phraseText([trimmed]);
  const byPhrase = (hit: (typeof ranked)[number]) =>
    quoted.length > 0 && quoted.every((q) => hasPhrase(PHRASE_TEXT.get(hit.item)!, q)) ? 2
    : scoped && INTENT.get(hit.item)!.some((k) => hasPhrase(asked, k)) ? 1
    : 0;
  const phrased = ranked.map((hit) => ({ hit, rank: byPhrase(hit) }));
  const hits = [...phrased].sort((x, y) => y.rank - x.rank).map(({ hit }) => hit).slice(0, 8);
  const best = hits[0];
  if (!best) return noMatch(context);
  const foundByPhrase = phrased.find(({ hit }) => hit === best)!.rank > 0;
  const minRelevance = scoped ? MIN_RELEVANCE_IN_SCOPE : MIN_RELEVANCE;
  if (!foundByPhrase && (best.score < minRelevance || best.coverage < MIN_COVERAGE)) return noMatch(context);
  if (!scoped && !more && !continuesConversation(trimmed, best.item, lastAnswer)) return noMatch(context);

  const related = hits.slice(1).find((hit) => hit.score >= best.score * RELATED_SHARE && hit.item.topic === best.item.topic)
    ?? hits.slice(1).find((hit) => hit.score >= best.score * RELATED_SHARE);
  const next = hits.find((hit) => hit !== best && hit !== related);
  const used = related ? [best.item, related.item] : [best.item];
  const sources = uniqueSources(used);

  const parts = [offlineLine(context)];
  const lead = LEADS[best.item.topic];
  parts.push(`**${best.item.title}**${lead ? `\n\n${lead}` : ''}\n\n${best.item.text}`);
  if (related) parts.push(`**Related: ${related.item.title}**\n\n${firstSentences(related.item.text, 2)}`);
  if (sources.length > 0) parts.push(sourcesBlock(sources));
  parts.push(
    next
      ? `Ask me to tell you more, or about "${next.item.title}".`
      : `You can also ask me: "${EXAMPLES[best.item.topic]}"`,
  );
  return { kind: 'answer', text: parts.join('\n\n'), sources, passageIds: used.map((p) => p.id) };
}

/** For tests and the knowledge-base checks: the ranking alone. */
export function rankPassages(query: string, limit = 5): Array<{ id: string; score: number; coverage: number }> {
  return index.search(query, limit).map((hit) => ({ id: hit.item.id, score: hit.score, coverage: hit.coverage }));
}
