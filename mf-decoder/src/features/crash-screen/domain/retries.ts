import { TRY_AGAIN } from '../../../lib/copy.ts';

/** Spec section 9: the generic error screen offers at most 3 retries. */
export const MAX_RETRIES = 3;

export const MAX_RETRIES_REACHED = 'Max Retries Reached';

export function canRetry(retriesUsed: number): boolean {
  return retriesUsed < MAX_RETRIES;
}

/** The retry button's label after this many retries. */
export function retryLabel(retriesUsed: number): string {
  return canRetry(retriesUsed) ? TRY_AGAIN : MAX_RETRIES_REACHED;
}

/** What is sent with a crash report: short enough for an analytics event, no article text. */
export function crashReport(error: unknown, componentStack: string | null | undefined, retriesUsed: number): Record<string, unknown> {
  const message = error instanceof Error ? error.message : String(error);
  return {
    error_name: error instanceof Error ? error.name : typeof error,
    error_message: message.slice(0, 500),
    component_stack: (componentStack ?? '').trim().split('\n').slice(0, 12).join('\n').slice(0, 2000),
    retries: retriesUsed,
  };
}
