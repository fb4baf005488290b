// The service kit's test helpers, one entry point: databases, service processes, suites every service runs.
export { DEFAULT_TEST_DATABASE_URL, databaseTargets, dropSchemas, openTestDatabase, type TestDatabase } from './databases.ts';
export { describeServiceFrame, type StartService, type StartedService } from './frame-suite.ts';
export { startIdentityProcess, TEST_ADMIN, type IdentityProcess, type TestSession } from './identity-process.ts';
export { closeTestApps, identityForFile, type TestApp } from './lifecycle.ts';
export { listenOnLoopback, type LoopbackServer } from './loopback-server.ts';
export { serviceDoor, type ServiceDoor } from './service-door.ts';
export { readKeptMessage, verificationTokenIn, waitForVerificationToken, type KeptMessage } from './mail-files.ts';
export { describeRevocation, REVOCATION_DEADLINE_MS, type RevocationProbes } from './revocation-suite.ts';
export { profileBreakdown, type ProfileBreakdown, type ProfileFrame, type ProfilePart, type ProfilePartRule } from './cpu-profile.ts';
export { canConnect } from './reachable.ts';
export { canStartRedisServer, startRedisServer, testRedis, type TestRedis } from './redis.ts';
export { freePort, processCpuMs, startBillingProcess, startServiceProcess, type ServiceProcess } from './service-process.ts';
export {
  fuzzRoutes,
  fuzzFailures,
  fuzzSuccesses,
  fuzzSummary,
  fuzzRunsFromEnv,
  fuzzTimeoutMs,
  mutatingRoutes,
  type FuzzCallers,
  type FuzzReport,
  type FuzzRoute,
  type RouteFuzzPlan,
} from './fuzz.ts';
export { appForSuite } from './suite-app.ts';
export { bearer, subjectOf, withoutVerificationClaim } from './tokens.ts';
export { expectCleanFuzz } from './fuzz-suite.ts';
export { buySandboxChatPlan, buySandboxDecoderPlan, expectRefundEndsPlan, refundSubscription, waitForValue } from './sandbox-billing.ts';
export { databaseForSuite } from './suite-database.ts';
export { hostileValues, unparsableBodies, type HostileWords } from './hostile-values.ts';
export { fuzzInternalRead, type InternalReadFuzzPlan } from './internal-read-fuzz.ts';
export { planOf, recordingQueries } from './query-plans.ts';
