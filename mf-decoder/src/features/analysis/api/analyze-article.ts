import { ApiError } from '@keisha/contracts';
import { DECODER_PATHS, type AnalyzeRequest, type AnalyzeResponse, type Usage } from '@keisha/contracts/decoder';
import { session } from '@keisha/store';
import { readAnalysisResult, readUsage, type AnalysisResult } from '../domain/analysis-result.ts';
import { readerTimeZone } from './time-zone.ts';

/** Spec section 9: an analysis may take up to 60 seconds; past 90 the reader is told the connection failed. */
const ANALYSIS_TIMEOUT_MS = 90_000;

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
}

/**
 * POST /api/bias-analysis. The text is sent exactly as typed: the answer's spans are offsets into it.
 * The reader's time zone lets the server reset their count at their own midnight.
 */
export async function analyzeArticle(text: string, signal?: AbortSignal): Promise<{ result: AnalysisResult; usage: Usage | null }> {
  const timeZone = readerTimeZone();
  const body: AnalyzeRequest = timeZone ? { text, time_zone: timeZone } : { text };
  const response = await session.request<AnalyzeResponse | undefined>(DECODER_PATHS.analyze, {
    method: 'POST',
    body,
    signal: withTimeout(signal, ANALYSIS_TIMEOUT_MS),
  });
  // The envelope can say success: false with a 200; that is a failed analysis, not a result.
  const result = (response as { success?: unknown } | undefined)?.success === false ? null : readAnalysisResult(text, response);
  if (!result) throw new ApiError(200, 'BAD_RESPONSE', 'The server sent an unexpected answer.');
  return { result, usage: readUsage(response) };
}
