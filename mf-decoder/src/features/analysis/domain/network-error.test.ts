import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { isNetworkTypeError, mentionsNetworkFailure } from './network-error.ts';

describe('mentionsNetworkFailure', () => {
  it.each([
    'Network Error',
    'fetch error while loading',
    'TypeError: Failed to fetch',
    'Network request failed',
    'connect ECONNREFUSED: connection refused',
    'Request timeout',
    'The operation was aborted.',
    'No internet connection',
    'You are OFFLINE',
    'Connection lost',
    'DNS lookup failed',
    'Host unreachable',
  ])('recognises %j', (message) => {
    expect(mentionsNetworkFailure(message)).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(mentionsNetworkFailure('Analysis failed')).toBe(false);
    expect(mentionsNetworkFailure('Internal server error')).toBe(false);
    expect(mentionsNetworkFailure('')).toBe(false);
  });
});

describe('isNetworkTypeError', () => {
  it('recognises a request that never reached a server, by code', () => {
    expect(isNetworkTypeError(new ApiError(0, 'NETWORK_ERROR', 'fetch failed'))).toBe(true);
    expect(isNetworkTypeError({ code: 'NETWORK_ERROR', message: 'anything' })).toBe(true);
  });

  it('recognises errors by message or by name', () => {
    expect(isNetworkTypeError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkTypeError(new DOMException('signal timed out', 'TimeoutError'))).toBe(true);
    expect(isNetworkTypeError(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true);
    expect(isNetworkTypeError(Object.assign(new Error('x'), { name: 'NetworkError' }))).toBe(true);
    expect(isNetworkTypeError('offline')).toBe(true);
  });

  it('does not take an answer from the server for a connection failure', () => {
    expect(isNetworkTypeError(new ApiError(503, 'SERVICE_UNAVAILABLE', 'The model timed out (timeout)'))).toBe(false);
    expect(isNetworkTypeError(new ApiError(500, 'INTERNAL', 'dns'))).toBe(false);
  });

  it('is false for other errors and for values that are not errors', () => {
    expect(isNetworkTypeError(new Error('boom'))).toBe(false);
    expect(isNetworkTypeError(undefined)).toBe(false);
    expect(isNetworkTypeError(null)).toBe(false);
    expect(isNetworkTypeError(42)).toBe(false);
  });
});
