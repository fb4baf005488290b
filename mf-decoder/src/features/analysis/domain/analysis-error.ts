import { isNetworkError } from '@keisha/contracts';

/** Spec section 8 ("Analysis"): what a failed analysis shows when nothing more specific applies. */
export const ANALYSIS_FAILED_MESSAGE = 'Analysis failed';

/**
 * The message a person sees for a failed analysis: a network failure keeps its own explanation
 * (it tells the reader the problem is on their side of the connection); anything else is 'Analysis failed'.
 */
export function analysisErrorMessage(error: unknown): string {
  if (isNetworkError(error) && error.message.trim() !== '') return error.message;
  return ANALYSIS_FAILED_MESSAGE;
}
