/** Spec section 5 ("Analysis"): empty or blank text is refused with this message. */
export const BLANK_ARTICLE_MESSAGE = 'Please paste an article text to analyze.';

/** The problem with an article before it is sent, or null when it can be analysed. */
export function validateArticle(text: string): string | null {
  return text.trim() === '' ? BLANK_ARTICLE_MESSAGE : null;
}
