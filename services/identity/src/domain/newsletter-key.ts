// A newsletter message's key in the outbox (its dedupe key): one reader, one day. The day is read back from it by
// "Send again", which must forget that day's kept counts (newsletter/issues.ts).
const PREFIX = 'newsletter:';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function newsletterOutboxKey(userId: string, day: string): string {
  return `${PREFIX}${userId}:${day}`;
}

/** The day of a newsletter message's key, or undefined for any other key. */
export function newsletterDayOfKey(key: string): string | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const day = key.slice(key.lastIndexOf(':') + 1);
  return DAY.test(day) ? day : undefined;
}
