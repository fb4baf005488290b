// A batch's answer, written an article at a time (issue 29, item 2: other readers within 2x of idle while one
// account sends batches). Checked and serialized whole, a batch of 50 articles of 30,000 characters held the event
// loop for about 50 ms at the end of each batch: its zod check, JSON.stringify of about 3 MB and the socket's UTF-8
// encoding of it, all at once, while other readers' requests waited. Here each article is checked against the same
// contract and written on its own, the loop is given back to other requests between articles, and the socket's
// back-pressure paces the writing.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BatchItemResult } from '@keisha/contracts/decoder';
import { batchAnalysisResponse } from '@keisha/contracts/decoder/schemas';

const itemSchema = batchAnalysisResponse.shape.results.element;
const keyUsageSchema = batchAnalysisResponse.shape.key_usage;

export interface BatchAnswer {
  results: BatchItemResult[];
  keyUsage: unknown;
}

/**
 * The body of a batch's 200 as a stream of JSON text, the same document `batchAnalysisResponse` describes. An article
 * whose answer breaks the contract (our fault, never the caller's) is answered in its place as failed, and `broken`
 * is told, since the status line has gone out by then. The key's usage is checked before anything is written.
 */
export function batchAnswerStream({ results, keyUsage }: BatchAnswer, broken: (index: number, error: unknown) => void, failed: BatchItemResult): Readable {
  const usage = JSON.stringify(keyUsageSchema.encode(keyUsage as never));
  async function* pieces(): AsyncGenerator<string> {
    yield '{"success":true,"results":[';
    for (let index = 0; index < results.length; index++) {
      if (index > 0) await nextTurn();
      const checked = itemSchema.safeEncode(results[index]!);
      if (!checked.success) broken(index, checked.error);
      const item = checked.success ? checked.data : { ...failed, ...(results[index]!.id === undefined ? {} : { id: results[index]!.id }) };
      yield (index > 0 ? ',' : '') + JSON.stringify(item);
    }
    yield `],"key_usage":${usage}}`;
  }
  return Readable.from(pieces(), { objectMode: false });
}
