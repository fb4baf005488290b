import { hasTextToAnalyse } from '@keisha/contracts';
import { ARTICLE_MAX_CHARS, ARTICLE_REQUIRED } from '@keisha/contracts/decoder';
import { ARTICLE_TOO_LONG_MESSAGE, INVALID_ARTICLE_MESSAGE } from './analysis-error.ts';

/** The problem with an article before it is sent, or null when it can be analysed. */
export function validateArticle(text: string): string | null {
  // Spec section 5 ("Analysis"): empty or blank text is refused, as the service refuses it (contracts' rule:
  // no letter or digit, so zero-width spaces, dots or an emoji alone are blank too).
  if (!hasTextToAnalyse(text)) return ARTICLE_REQUIRED;
  // Refused here rather than after uploading it: the server would answer 413.
  if (text.length > ARTICLE_MAX_CHARS) return ARTICLE_TOO_LONG_MESSAGE;
  // NUL characters mean binary content pasted by mistake; the service refuses them too.
  if (text.includes('\u0000')) return INVALID_ARTICLE_MESSAGE;
  return null;
}
