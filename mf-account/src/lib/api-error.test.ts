import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { apiErrorOfBody, asApiError } from './api-error.ts';

/** What another bundle's copy of @keisha/contracts throws: same shape, different class. */
class ForeignApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

describe('asApiError', () => {
  it('returns an ApiError of this bundle as it is', () => {
    const error = new ApiError(400, 'VALIDATION', 'Bad');
    expect(asApiError(error)).toBe(error);
  });

  it("keeps another bundle's ApiError's details", () => {
    const foreign = Object.assign(new ForeignApiError(400, 'VALIDATION', 'Invalid email'), { details: { field: 'confirm_email' } });
    expect(asApiError(foreign)?.details).toEqual({ field: 'confirm_email' });
  });

  it("recognises another bundle's ApiError by its shape", () => {
    const error = asApiError(new ForeignApiError(404, 'NOT_FOUND', 'No route'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No route' });
  });

  it('leaves other errors alone', () => {
    expect(asApiError(new Error('boom'))).toBeUndefined();
    expect(asApiError({ name: 'ApiError', status: '404', code: 'X', message: 'm' })).toBeUndefined();
    expect(asApiError(null)).toBeUndefined();
    expect(asApiError('ApiError')).toBeUndefined();
  });
});

describe('apiErrorOfBody', () => {
  it("keeps the service's code and message from its error envelope", () => {
    const error = apiErrorOfBody(503, JSON.stringify({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'Chat is not answering' } }));
    expect([error.status, error.code, error.message]).toEqual([503, 'SERVICE_UNAVAILABLE', 'Chat is not answering']);
  });

  it("keeps the envelope's details, as the JSON client does", () => {
    const error = apiErrorOfBody(400, JSON.stringify({ success: false, error: { code: 'VALIDATION', message: 'Bad day', details: { field: 'day' } } }));
    expect(error.details).toEqual({ field: 'day' });
  });

  it('is a generic HTTP_ERROR for a body that is not the envelope', () => {
    for (const body of ['<html>Bad gateway</html>', '', 'null', JSON.stringify({ error: { code: 'X', message: ' ' } })]) {
      const error = apiErrorOfBody(502, body);
      expect([error.status, error.code, error.message]).toEqual([502, 'HTTP_ERROR', 'Request failed (502)']);
    }
  });
});
