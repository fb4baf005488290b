import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trackBody } from './schemas.ts';
import { BROWSER_EVENTS, CHAT_EVENTS, TRACK_LIMITS } from './index.ts';

describe('CHAT_EVENTS', () => {
  const names = Object.values(CHAT_EVENTS);

  it('are distinct and all start with chat_, the prefix the admin page’s Chat chart collects', () => {
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^chat_[a-z_]+$/);
  });

  it('are accepted by the track route’s validation', () => {
    for (const event of names) expect(trackBody.safeParse({ event, properties: { session_id: 's1', characters: 12 } }).success, event).toBe(true);
  });
});

const ROOT = join(import.meta.dirname, '../../../..');
const APP_SOURCES = ['shell/src', 'mf-marketing/src', 'mf-decoder/src', 'mf-chat/src', 'mf-account/src', 'shared/store/src', 'shared/ui/src'];

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('test') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The event names the apps send: literal trackEvent names, the shell's page view, /thank-you's list. */
function namesTheAppsSend(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of APP_SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    const where = relative(ROOT, file);
    for (const match of text.matchAll(/trackEvent\(\s*'([^']+)'/g)) found.set(match[1]!, where);
    if (text.includes('sendAnalyticsEvent(')) for (const match of text.matchAll(/event: '([^']+)'/g)) found.set(match[1]!, where);
    const purchase = /PURCHASE_EVENTS = \[([^\]]*)\]/.exec(text);
    if (purchase) for (const match of purchase[1]!.matchAll(/'([^']+)'/g)) found.set(match[1]!, where);
  }
  return found;
}

describe('BROWSER_EVENTS', () => {
  it('name every event the shell and the remotes send, so none is refused', () => {
    const sent = namesTheAppsSend();
    expect(sent.size).toBeGreaterThanOrEqual(17);
    for (const [event, file] of sent) expect(BROWSER_EVENTS as readonly string[], `${event} (sent by ${file})`).toContain(event);
  });

  it('are accepted, and nothing else is', () => {
    for (const event of BROWSER_EVENTS) expect(trackBody.safeParse({ event }).success, event).toBe(true);
    for (const event of ['purchase_forged', 'PAGE_VIEW', '', 'x'.repeat(65), 'page_view '])
      expect(trackBody.safeParse({ event, properties: {} }).success, event).toBe(false);
  });
});

describe('trackBody properties', () => {
  const event = 'page_view';
  const parse = (properties: unknown) => trackBody.safeParse({ event, properties }).success;

  it('take what the apps send: flat numbers, strings, booleans and nulls, a crash report included', () => {
    expect(parse({ session_id: 's', path: '/', amount: 7, lifetime: false, tier: null })).toBe(true);
    expect(parse({ error_message: 'm'.repeat(500), component_stack: 's'.repeat(2000), user_agent: 'u'.repeat(512), url: `https://keisha.example${'/p'.repeat(100)}`, session_id: crypto.randomUUID() })).toBe(true);
  });

  it('refuse nested values, long strings, too many keys and more than 4 KB in all (UTF-8 bytes)', () => {
    expect(parse({ nested: { a: 1 } })).toBe(false);
    expect(parse({ list: [1, 2] })).toBe(false);
    expect(parse({ long: 'x'.repeat(TRACK_LIMITS.stringLength + 1) })).toBe(false);
    expect(parse(Object.fromEntries(Array.from({ length: TRACK_LIMITS.keys + 1 }, (_, i) => [`k${i}`, i])))).toBe(false);
    expect(parse({ a: 'x'.repeat(2000), b: 'x'.repeat(2000), c: 'x'.repeat(200) })).toBe(false);
    // 1,500 three-byte characters: 1,500 characters of JSON but 4,500 bytes.
    expect(parse({ a: '€'.repeat(1500) })).toBe(false);
    expect(parse({ a: '€'.repeat(1300) })).toBe(true);
  });
});
