// The offline engine: the embedded responder (domain/responder), streamed in small chunks like a model.
import { setTimeout as sleep } from 'node:timers/promises';
import { chunkText } from '../domain/chunk.ts';
import { answerOffline } from '../domain/responder/offline.ts';
import type { AnswerEngine } from './answer-engine.ts';

export const OFFLINE_NOTE = 'Answered in offline mode from Keisha’s library of sourced notes.';

export function createEmbeddedEngine({ chunkDelayMs = 0 }: { chunkDelayMs?: number } = {}): AnswerEngine {
  return async function* embeddedEngine(request, signal) {
    const answer = answerOffline(request.question, { history: request.history, modelFailure: request.modelFailure });
    const note = request.modelFailure ? `The language model was unavailable (${request.modelFailure}); ${OFFLINE_NOTE.charAt(0).toLowerCase()}${OFFLINE_NOTE.slice(1)}` : OFFLINE_NOTE;
    yield { type: 'start', engine: 'embedded', sources: answer.sources, notes: [note], ...(request.modelFailure ? { modelFailed: true as const } : {}) };
    for (const chunk of chunkText(answer.text)) {
      if (signal.aborted) return;
      yield { type: 'delta', text: chunk };
      if (chunkDelayMs > 0) {
        try {
          await sleep(chunkDelayMs, undefined, { signal });
        } catch {
          return; // stopped while pausing
        }
      }
    }
  };
}
