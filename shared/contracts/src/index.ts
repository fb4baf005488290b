export * from './common.ts';
export { ApiError, apiRequest } from './http.ts';
