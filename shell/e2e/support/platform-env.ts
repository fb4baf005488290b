import os from 'node:os';
import path from 'node:path';

/** The end-to-end platform runs on its own ports, so it never collides with a running `npm start`. */
export const E2E_BASE_PORT = Number(process.env.KEISHA_E2E_PORT ?? 3700);
/** The gateway serves this file as /remotes.json whenever it exists; tests write it to re-point remotes. */
export const E2E_REMOTES_FILE = path.join(os.tmpdir(), `keisha-e2e-remotes-${E2E_BASE_PORT}.json`);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `keisha-e2e-data-${E2E_BASE_PORT}`);

/** The first administrator of the end-to-end platform. */
export const E2E_ADMIN = { email: 'e2e-admin@example.org', password: 'e2e-admin-silver-tundra-73' };
