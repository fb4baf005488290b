// What the checks share: a reader whose address is confirmed, and each replica of a service asked directly.
import { AUTH_PATHS } from '@keisha/contracts/identity';
import type { Platform } from '../local/platform.ts';
import type { ServiceName } from '../local/topology.ts';
import { call, clientAddress, newReader, PASSWORD, type Reader } from '../faults/harness.ts';
import { query } from './database.ts';

/**
 * A reader whose address is confirmed (the chat asks for it), confirmed in the database as the mailed link would,
 * with a token issued after that.
 */
export async function confirmedReader(name: string): Promise<Reader> {
  const reader = await newReader(name);
  await query(`update identity.users set email_verified_at = now() where id = '${reader.id}'`);
  const login = await call('POST', AUTH_PATHS.login, { body: { email: reader.email, password: PASSWORD }, from: clientAddress() });
  if (login.status !== 200) throw new Error(`could not sign in ${name} again (${login.status})`);
  return { ...reader, token: login.body.token };
}

/** Every replica of a service, asked directly (not through the edge). */
export const replicaUrls = (platform: Platform, name: ServiceName) => platform.replicasOf(name).map(({ port }) => `http://127.0.0.1:${port}`);

export async function direct(url: string, pathname: string, token: string): Promise<number> {
  try {
    return (await fetch(`${url}${pathname}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 0;
  }
}
