// test:replicas's settings: its ports, replicas, PostgreSQL and Redis, how long it may run and loads, and the limits
// under test.
import { FREE_DAILY_MESSAGES } from '@keisha/contracts/chat';
import { RUN } from '../faults/harness.ts';

export const BASE_PORT = Number(process.env.KEISHA_REPLICAS_PORT ?? 4100);
export const REPLICAS = 3;
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const DATABASE = `keisha_replicas_${RUN}`;
export const SUITE_LIMIT_MS = 20 * 60_000;
export const LOAD_SECONDS = Number(process.env.REPLICAS_LOAD_SECONDS ?? 20);

// The limits under test, low enough to reach in a few requests.
export const WAITLIST_LIMIT = 12;
export const API_KEY_LIMIT = 8;
export const LOGIN_FAILURE_LIMIT = 5;
export const CHAT_FREE_MESSAGES = FREE_DAILY_MESSAGES;
/** identity's erasure job: quick enough for the run to see both passes of each service. */
export const ERASURE_SETTLE_MS = 2000;
