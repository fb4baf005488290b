import { describe, expect, it } from 'vitest';
import { canRetry, crashReport, retryLabel } from './retries.ts';

describe('retries', () => {
  it('allows three retries, then says so', () => {
    expect([0, 1, 2].map(canRetry)).toEqual([true, true, true]);
    expect(canRetry(3)).toBe(false);
    expect(retryLabel(2)).toBe('Try Again');
    expect(retryLabel(3)).toBe('Max Retries Reached');
  });
});

describe('crashReport', () => {
  it('names the error and keeps the report short', () => {
    const report = crashReport(new TypeError('x'.repeat(900)), '\n    at A\n'.repeat(40), 1);
    expect(report.error_name).toBe('TypeError');
    expect((report.error_message as string).length).toBe(500);
    expect((report.component_stack as string).split('\n').length).toBe(12);
    expect(report.retries).toBe(1);
    expect(crashReport('plain', undefined, 0)).toEqual({ error_name: 'string', error_message: 'plain', component_stack: '', retries: 0 });
  });
});
