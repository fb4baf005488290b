// What every case of the fault suite uses: one request through the gateway, the list of failed checks,
// readers signed up for the run, and a marked article.
import { CHAT_PATHS } from '@keisha/contracts/chat';
import { AUTH_PATHS } from '@keisha/contracts/identity';

export const RUN = Date.now().toString(36);
export const PASSWORD = 'faults-password-1234';

export const failures: string[] = [];
export const check = (ok: boolean, failure: string) => {
  if (!ok) failures.push(failure);
  return ok;
};
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let gateway = '';
export function useGateway(url: string): void {
  gateway = url;
}
export const gatewayUrl = () => gateway;

// The suite's requests come from many client addresses, as real traffic does (the gateway believes the
// X-Forwarded-For of loopback in this suite): no address passes a per-address limit, so every service keeps
// its real limits, billing's included, and a limit that counts our own services as one client shows.
const CLIENT_ADDRESSES = 250;
let nextClient = 0;
export function clientAddress(n = nextClient++): string {
  const i = n % CLIENT_ADDRESSES;
  return `127.2.${Math.floor(i / 250)}.${(i % 250) + 1}`;
}

export interface Answer {
  status: number;
  body: any;
  /** The Retry-After header, when the answer had one. */
  retryAfter?: string;
}
/** One request through the gateway; a network error or a timeout is status 0. */
export async function call(method: string, url: string, options: { token?: string; body?: unknown; timeoutMs?: number; from?: string } = {}): Promise<Answer> {
  try {
    const response = await fetch(`${gateway}${url}`, {
      method,
      headers: {
        'x-forwarded-for': options.from ?? clientAddress(),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a page, not JSON
    }
    return { status: response.status, body, retryAfter: response.headers.get('retry-after') ?? undefined };
  } catch {
    return { status: 0, body: undefined };
  }
}

/**
 * A chat message sent the way the browser sends it: the event stream. Answers with the stream's end: `done`
 * (status 200 and the message), `error` (status 200 with the error event's body), or the refusal before it.
 */
export async function streamChat(token: string, message: string, timeoutMs = 15_000): Promise<Answer & { events: string[] }> {
  try {
    const response = await fetch(`${gateway}${CHAT_PATHS.stream}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}`, 'x-forwarded-for': clientAddress() },
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body, retryAfter: response.headers.get('retry-after') ?? undefined, events: [] };
    }
    const events: string[] = [];
    let last: unknown;
    for (const block of text.split('\n\n')) {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (!event) continue;
      events.push(event);
      if (event === 'done' || event === 'error') last = data ? JSON.parse(data) : undefined;
    }
    return { status: response.status, body: last, events };
  } catch {
    return { status: 0, body: undefined, events: [] };
  }
}

export interface Reader {
  id: string;
  token: string;
  email: string;
}
export async function signUp(email: string): Promise<Answer> {
  return call('POST', AUTH_PATHS.register, { body: { email, password: PASSWORD } });
}
export async function newReader(name: string): Promise<Reader> {
  const email = `faults-${RUN}-${name}@example.org`;
  const answer = await signUp(email);
  if (answer.status !== 201) throw new Error(`could not sign up a reader (${answer.status})`);
  return { id: answer.body.user.id, token: answer.body.token, email };
}

/** How the suite marks an address confirmed in its database, as the mailed link would (set by the suite that runs). */
let confirmAddress: ((userId: string) => Promise<unknown> | unknown) | undefined;
export function useAddressConfirmation(confirm: (userId: string) => Promise<unknown> | unknown): void {
  confirmAddress = confirm;
}

/**
 * A reader whose address is confirmed (the chat asks for it): signed up, confirmed in the database as the mailed
 * link would, and signed in again for a token issued after that.
 */
export async function confirmedReader(name: string): Promise<Reader> {
  if (!confirmAddress) throw new Error('confirmedReader: the suite has not said how to confirm an address (useAddressConfirmation)');
  const reader = await newReader(name);
  await confirmAddress(reader.id);
  const login = await call('POST', AUTH_PATHS.login, { body: { email: reader.email, password: PASSWORD }, from: clientAddress() });
  if (login.status !== 200) throw new Error(`could not sign in ${name} again (${login.status})`);
  return { ...reader, token: login.body.token };
}

export const article = (marker: string) =>
  `City officials met residents on Tuesday to discuss the new bus routes and the budget for the library. Reference ${marker}. ` +
  'The council said the changes would start next month after a public hearing.';
