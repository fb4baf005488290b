import { describe, expect, it } from 'vitest';
import { trackBody } from '../decoder/schemas.ts';
import { CHAT_EVENTS } from './index.ts';

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
