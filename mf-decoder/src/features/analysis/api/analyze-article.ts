import { ApiError, apiRequest } from '@keisha/contracts';

// The analysis contract (score, summary, detected terms, translation) arrives with the decoder service's
// analysis route; until then only the envelope's success flag is read.
export interface AnalyzeArticleBody {
  text: string;
}

export interface AnalyzeArticleResponse {
  success?: boolean;
}

export const ANALYZE_ARTICLE_PATH = '/api/bias-analysis';

export async function analyzeArticle(body: AnalyzeArticleBody, signal?: AbortSignal): Promise<AnalyzeArticleResponse> {
  const response = await apiRequest<AnalyzeArticleResponse | undefined>(ANALYZE_ARTICLE_PATH, { body, signal });
  // The envelope can say success: false with a 200; that is a failed analysis, not a result.
  if (response?.success === false) throw new ApiError(200, 'ANALYSIS_UNSUCCESSFUL', 'The analysis did not succeed.');
  return response ?? {};
}
