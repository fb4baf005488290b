// Who is asking for an analysis, and which counters their uses come out of.
// A signed-in reader is counted by account (and, until their address is confirmed, by client address too:
// domain/quota/unconfirmed.ts). A guest is counted by client address AND by a signed
// device cookie, and is refused when either is used up: clearing cookies does not reset the count,
// and a shared address (an office, a campus) does not block a guest who has their own device record.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DecoderTier } from '@keisha/contracts/decoder';
import { emailVerified } from '@keisha/service-kit';
import type { DecoderDatabase } from '../db/database.ts';
import { accountCounters } from '../domain/quota/unconfirmed.ts';
import type { TierLookup } from './billing-tiers.ts';

export const DEVICE_COOKIE = 'keisha_device';

export interface Reader {
  tier: DecoderTier;
  userId?: string;
  subjects: string[];
}

/** The device-cookie key: made at first start and kept, so cookies outlive restarts and instances. */
export async function loadDeviceKey(db: Kysely<DecoderDatabase>): Promise<Buffer> {
  await db
    .insertInto('service_secrets')
    .values({ name: 'device-cookie-key', value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('service_secrets').select('value').where('name', '=', 'device-cookie-key').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

export function deviceCookies(key: Buffer) {
  const mac = (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  return {
    issue(): { id: string; value: string } {
      const id = randomUUID();
      return { id, value: `${id}.${mac(id)}` };
    },
    /** The device id of a genuine cookie, or undefined for a missing, malformed or forged one. */
    verify(value: string | undefined): string | undefined {
      const match = value ? /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
      if (!match) return undefined;
      const expected = Buffer.from(mac(match[1]!));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
    },
  };
}

export function createReaderResolver(key: Buffer, cookieSecure: boolean, decoderTierFor: TierLookup) {
  const cookies = deviceCookies(key);
  return async function resolveReader(request: FastifyRequest, reply: FastifyReply): Promise<Reader> {
    if (request.headers.authorization) {
      await request.server.authenticate(request); // a bad token is a 401, never a silent guest
      const userId = request.user.sub;
      const tier = await decoderTierFor(userId, request.headers.authorization);
      return { tier, userId, subjects: accountCounters({ userId, tier, emailVerified: emailVerified(request.user), address: request.clientNetwork }) };
    }
    let deviceId = cookies.verify(request.cookies[DEVICE_COOKIE]);
    if (!deviceId) {
      const issued = cookies.issue();
      deviceId = issued.id;
      reply.setCookie(DEVICE_COOKIE, issued.value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure,
        path: '/api',
        maxAge: 400 * 86_400,
      });
    }
    return { tier: 'guest', subjects: [`ip:${request.clientNetwork}`, `device:${deviceId}`] };
  };
}
export type ReaderResolver = ReturnType<typeof createReaderResolver>;
