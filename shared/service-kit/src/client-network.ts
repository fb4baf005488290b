// The network a client address stands for wherever requests are counted per address: guests' daily analyses,
// sign-ups, sign-in failures and known addresses, link requests. An IPv4 address is itself. An IPv6 address is its
// /64: a home or a phone is normally given a whole /64 (RFC 6177), and its devices pick new addresses inside it at
// will (temporary addresses, RFC 8981), so counting whole IPv6 addresses gave one reader 2^64 guests' allowances,
// and let an owner's own network look new to the sign-in throttle every day. The rate limits (@fastify/rate-limit)
// already count an IPv6 client by its /64; this is the same function, so both kinds of count agree.
import { normalizeIP } from '@fastify/rate-limit';

export const IPV6_NETWORK_PREFIX = 64;

export function clientNetwork(address: string): string {
  return normalizeIP(address, IPV6_NETWORK_PREFIX);
}
