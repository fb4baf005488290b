// The checks every service's route-fuzz test makes of its report. Only for test files (it uses vitest's expect).
import { expect } from 'vitest';
import { fuzzFailures, fuzzSummary, type FuzzReport } from './fuzz.ts';

/**
 * Prints the report's summary line, then expects that the fuzzer found exactly `routes` (a route added to the
 * service and not to the test's list fails here) and that no answer failed (5xx, error shape, leak).
 */
export function expectCleanFuzz(report: FuzzReport, routes: readonly string[]): void {
  console.log(fuzzSummary(report));
  expect(report.routes.map((r) => r.route).sort()).toEqual([...routes].sort());
  expect(fuzzFailures(report)).toEqual([]);
}
