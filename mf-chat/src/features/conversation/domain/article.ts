// 'Decode this article' (issue 5): a message that reads like a news article, rather than a question
// or a chat line, is offered to the news decoder. Deliberately conservative: a long question, a list
// of points or pasted code should not get the offer.

/** Fewer words than this is a message, not an article. */
export const ARTICLE_MIN_WORDS = 120;
/** An article is told in sentences. */
export const ARTICLE_MIN_SENTENCES = 5;
/** An article mostly states; a message that is mostly questions is asking Keisha. */
const MAX_QUESTION_SHARE = 0.3;
/** An article is prose; a message that is mostly list items, code or quotes is something else. */
const MAX_STRUCTURED_LINE_SHARE = 0.5;

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

function sentenceEnds(text: string): { all: number; questions: number } {
  const ends = text.match(/[.!?…]+(?=["”’')\]]*(\s|$))/g) ?? [];
  return { all: ends.length, questions: ends.filter((end) => end.includes('?')).length };
}

function structuredLineShare(text: string): number {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return 0;
  const structured = lines.filter((line) => /^\s*([-*+>]|\d+[.)]|```|~~~|[{}<]|\s{4})/.test(line)).length;
  return structured / lines.length;
}

/** Whether a message reads like an article worth opening in the news decoder. */
export function looksLikeArticle(text: string): boolean {
  if (countWords(text) < ARTICLE_MIN_WORDS) return false;
  const { all, questions } = sentenceEnds(text);
  if (all < ARTICLE_MIN_SENTENCES) return false;
  if (questions / all > MAX_QUESTION_SHARE) return false;
  return structuredLineShare(text) <= MAX_STRUCTURED_LINE_SHARE;
}
