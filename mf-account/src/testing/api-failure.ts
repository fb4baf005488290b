import type { FakeResponse } from '@keisha/config/testing/fake-api';

/** A service's refusal as the platform's error envelope: the HTTP status, its error code, and the message shown. */
export function apiFailure(status: number, code: string, message: string): FakeResponse {
  return { status, json: { success: false, error: { code, message } } };
}
