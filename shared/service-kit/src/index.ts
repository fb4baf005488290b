export { baseConfigSchema, loadConfig, ConfigError, defaultDataDir, type BaseConfig } from './config.ts';
export { AppError, errorBody, DEFAULT_RETRY_AFTER_SECONDS } from './errors.ts';
export { dependencyFailureOf, DEPENDENCY_ANSWERS, type DependencyFailure } from './dependency-failure.ts';
export { lastKnown, NothingKnown, type LastKnownOptions } from './last-known.ts';
export { clientNetwork } from './client-network.ts';
export { openDatabase, preparedStatement, queryColumns, type DatabaseHandle, type DatabaseKind, type DatabaseOptions } from './db.ts';
export { migrateToLatest, type MigrationSet } from './migrate.ts';
export { batches, type BatchOptions } from './batches.ts';
export { repeatingJob, type RepeatingJob } from './repeating-job.ts';
export { groupCommit, groupByCounter, takenUsesSql, writeCounted, type Counted, type CountedResult, type CountedWriter, type GroupCommitOptions } from './group-commit.ts';
export { createServiceApp, type ServiceApp, type ServiceDefinition } from './app.ts';
export { runService, type RunOptions } from './run.ts';
export {
  registerAuth,
  parseAccessClaims,
  REQUIRED_CLAIMS,
  requireAdmin,
  emailVerified,
  jwksKeyResolver,
  jwkToPem,
  ACCESS_TOKEN_ALGORITHM,
  DEFAULT_ISSUER,
  DEFAULT_AUDIENCE,
  type AccessClaims,
  type AuthOptions,
  type KeyResolver,
} from './auth.ts';
export { isTimeZone, localDay, localDayStart, nextLocalMidnight } from './calendar.ts';
export { dayIn, readerDayFor, type ReaderDay } from './reader-day.ts';
export { createReaderDaysTable, dropReaderDaysTable, readerDaysRepository, type ReaderDaysRepository, type ReaderDaysTable } from './reader-days.ts';
export {
  entitlementLookup,
  planUnavailable,
  PLAN_UNAVAILABLE,
  PLAN_UNAVAILABLE_MESSAGE,
  type EntitlementAccount,
  type EntitlementLookupOptions,
} from './entitlements.ts';
export { identitySessionCheck, identityAuthOptions, type SessionCheckOptions } from './session-check.ts';
export { registerMetrics, cameThroughProxy, METRICS_PATH, type ServiceMetrics } from './metrics.ts';
export type { Counter, Gauge, Histogram } from 'prom-client';
export { INTERNAL_TOKEN_HEADER, internalOnly, internalTokenFileFor, internalTokenMatches, loadInternalToken } from './internal-token.ts';
export {
  collectExport,
  internalAccountErasureRoute,
  internalAccountExportRoute,
  type AccountDataRoute,
  type AccountExportRoute,
  type ExportEmit,
  type ExportRows,
} from './account-data-routes.ts';
// Service-to-service calls carry the request's trace: use tracedFetch (or activeTraceHeaders for a client with its own fetch).
export { activeTraceHeaders, tracedFetch, type TracedFetchOptions } from '@keisha/telemetry';
export { requestTracing, type RequestTracing } from './tracing.ts';
export { lazyInternalToken, planLookupFailureCounter, registerIdentityAuth } from './service-wiring.ts';
export { addDays, lastLocalDays, type LocalDays } from './local-days.ts';
export { llmProviderOf, llmProviderSettings, type LlmProvider } from './llm-provider.ts';
