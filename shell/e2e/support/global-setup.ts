import { rmSync } from 'node:fs';
import { startPlatform } from '../../../infra/local/platform.ts';
import { E2E_ADMIN, E2E_BASE_PORT, E2E_DATA_DIR, E2E_REMOTES_FILE } from './platform-env.ts';

/** Starts the real platform (built apps, four service processes on fresh embedded databases). */
export default async function globalSetup() {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  rmSync(E2E_REMOTES_FILE, { force: true });
  const platform = await startPlatform({
    basePort: E2E_BASE_PORT,
    dataDir: E2E_DATA_DIR,
    remotesFile: E2E_REMOTES_FILE,
    // The browser stands where a reverse proxy would: a test that needs a reader at an address of its own
    // (a second guest, whose daily allowance is counted by address) says so with X-Forwarded-For. Without
    // the header the reader is the loopback address, as every other test expects.
    trustProxy: ['127.0.0.1', '::1'],
    // The suites sign up many accounts from 127.0.0.1, past a real address's daily cap; and every browser of the
    // suite sends its analytics events from there too, many readers' events from one address (a chat test's event
    // met the per-minute limit of 120 once the suite grew).
    serviceEnv: {
      WAITLIST_RATE_LIMIT_MAX: '8',
      REGISTER_DAILY_LIMIT_PER_ADDRESS: '100000',
      TRACK_RATE_LIMIT_MAX: '100000',
      ANALYTICS_DAILY_EVENTS_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
    log: (line) => console.log(line),
  });
  return async () => {
    await platform.stop();
    rmSync(E2E_REMOTES_FILE, { force: true });
  };
}
