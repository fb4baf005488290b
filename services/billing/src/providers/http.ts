// One way to call a provider: a time limit, JSON in and out, and a ProviderError for anything
// that is not an answer (network failure, time-out, a body that is not JSON).
import { ProviderError, type PaymentProviderName } from '../domain/ports.ts';

export interface ProviderResponse {
  status: number;
  body: unknown;
}

export async function callProvider(
  provider: PaymentProviderName,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderError(provider, `${init.method} ${new URL(url).pathname} failed`, null, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (!text) return { status: response.status, body: null };
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new ProviderError(provider, `${init.method} ${new URL(url).pathname} answered ${response.status} with a body that is not JSON`, response.status, { cause: error });
  }
}

/** The first value of a header that may repeat. */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
