// 1. Limits exact across replicas
import { AUTH_PATHS, WAITLIST_PATH } from '@keisha/contracts/identity';
import { CHAT_PATHS } from '@keisha/contracts/chat';
import { API_KEY_PATHS, DECODER_PATHS, PUBLIC_API_PATHS } from '@keisha/contracts/decoder';
import type { Platform } from '../local/platform.ts';
import { article, call, check, clientAddress, gatewayUrl, newReader, PASSWORD, RUN, type Answer, type Reader } from '../faults/harness.ts';
import { API_KEY_LIMIT, CHAT_FREE_MESSAGES, LOGIN_FAILURE_LIMIT, REPLICAS, WAITLIST_LIMIT } from './settings.ts';
import { confirmedReader } from './harness.ts';

export async function limitsExact(platform: Platform, annualReader: Reader): Promise<void> {
  console.log(`\n1. Limits across ${REPLICAS} replicas (requests spread in turn by the edge)`);
  // The waitlist's per-address limit (Redis): from one address, 3x the limit, all at once.
  const from = '127.9.0.1';
  const joins = await Promise.all(
    Array.from({ length: WAITLIST_LIMIT * 3 }, (_, i) => call('POST', WAITLIST_PATH, { body: { email: `replicas-${RUN}-w${i}@example.org` }, from })),
  );
  const joined = joins.filter((a) => a.status === 201).length;
  const limited = joins.filter((a) => a.status === 429).length;
  console.log(`   waitlist per address (limit ${WAITLIST_LIMIT}): ${joined} of ${joins.length} sent at once accepted, ${limited} refused with 429`);
  check(joined === WAITLIST_LIMIT && limited === joins.length - WAITLIST_LIMIT, `waitlist: ${joined} accepted (limit ${WAITLIST_LIMIT}), ${limited} 429`);

  // The sign-in throttle per account and address (the database): wrong passwords, then the right one.
  const victim = await newReader('throttled');
  const attempts: Answer[] = [];
  for (let i = 0; i < LOGIN_FAILURE_LIMIT * 3; i++) attempts.push(await call('POST', AUTH_PATHS.login, { body: { email: victim.email, password: 'wrong-password-123' }, from: '127.9.0.2' }));
  const wrong = attempts.filter((a) => a.status === 401).length;
  const held = attempts.filter((a) => a.status === 429).length;
  const right = await call('POST', AUTH_PATHS.login, { body: { email: victim.email, password: PASSWORD }, from: '127.9.0.2' });
  console.log(
    `   sign-in throttle (${LOGIN_FAILURE_LIMIT} failures per account and address): ${wrong} wrong passwords answered 401, then ${held} held back (429); the right password from there: ${right.status}`,
  );
  check(wrong === LOGIN_FAILURE_LIMIT && held === attempts.length - LOGIN_FAILURE_LIMIT, `sign-in throttle: ${wrong} answered 401 (limit ${LOGIN_FAILURE_LIMIT}), ${held} 429`);
  check(right.status === 429, `the right password after the throttle answered ${right.status}, not 429`);

  // A daily quota (the database): a guest's analyses from one address, all at once.
  const guest = '127.9.0.3';
  const usage = (await call('GET', DECODER_PATHS.usage, { from: guest })).body?.usage;
  const limit = Number(usage?.daily_limit);
  const analyses = await Promise.all(
    Array.from({ length: limit * 3 }, (_, i) => call('POST', DECODER_PATHS.analyze, { body: { text: article(`${RUN}-quota-${i}`) }, from: guest, timeoutMs: 60_000 })),
  );
  const analysed = analyses.filter((a) => a.status === 200).length;
  const counted = (await call('GET', DECODER_PATHS.usage, { from: guest })).body?.usage?.daily_count;
  console.log(`   decoder guest quota (${limit} a day): ${analysed} of ${analyses.length} sent at once analysed (others: ${[...new Set(analyses.filter((a) => a.status !== 200).map((a) => a.status))].join(', ')}); counted ${counted}`);
  check(Number.isInteger(limit) && limit > 0 && analysed === limit && counted === limit, `decoder guest quota: ${analysed} analysed, ${counted} counted, limit ${limit}`);

  // A public API key's per-minute limit (Redis, counted per key whatever the address): from many addresses at once.
  const created = await call('POST', API_KEY_PATHS.list, { token: annualReader.token, body: { name: `replicas ${RUN}` } });
  const secret = created.body?.secret as string | undefined;
  const keyCalls = await Promise.all(
    Array.from({ length: API_KEY_LIMIT * 3 }, async (_, i) => {
      try {
        const response = await fetch(`${gatewayUrl()}${PUBLIC_API_PATHS.analyze}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, 'x-forwarded-for': clientAddress() },
          body: JSON.stringify({ text: article(`${RUN}-key-${i}`) }),
          signal: AbortSignal.timeout(60_000),
        });
        await response.arrayBuffer();
        return response.status;
      } catch {
        return 0;
      }
    }),
  );
  const keyAccepted = keyCalls.filter((status) => status === 200).length;
  const keyLimited = keyCalls.filter((status) => status === 429).length;
  console.log(`   an API key's per-minute limit (${API_KEY_LIMIT}; key created: ${created.status}): ${keyAccepted} of ${keyCalls.length} sent at once from ${keyCalls.length} addresses accepted, ${keyLimited} refused with 429`);
  check(created.status === 201 && keyAccepted === API_KEY_LIMIT && keyLimited === keyCalls.length - API_KEY_LIMIT, `API key limit: ${keyAccepted} accepted (limit ${API_KEY_LIMIT}), ${keyLimited} 429 (key ${created.status})`);

  // The chat's daily messages of a free reader (the database), all at once.
  const chatter = await confirmedReader('chat-quota');
  const messages = await Promise.all(
    Array.from({ length: CHAT_FREE_MESSAGES * 3 }, (_, i) => call('POST', CHAT_PATHS.send, { token: chatter.token, body: { message: `What is framing? ${RUN}-q${i}` }, timeoutMs: 60_000 })),
  );
  const answered = messages.filter((a) => a.status === 200).length;
  const today = (await call('GET', CHAT_PATHS.usage, { token: chatter.token })).body?.usage?.messages_today;
  console.log(`   chat daily messages (${CHAT_FREE_MESSAGES} for a free reader): ${answered} of ${messages.length} sent at once answered; counted ${today}`);
  check(answered === CHAT_FREE_MESSAGES && today === CHAT_FREE_MESSAGES, `chat quota: ${answered} answered, ${today} counted, limit ${CHAT_FREE_MESSAGES}`);
}
