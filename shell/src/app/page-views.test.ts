import { describe, expect, it } from 'vitest';
import { pageViewBody } from './page-views.ts';

describe('page views', () => {
  it('carry the path and the browser session, nothing else about the reader', () => {
    const body = pageViewBody('/pricing', 'session-1');
    expect(body.event).toBe('page_view');
    expect(Object.keys(body.properties).sort()).toEqual(['path', 'session_id', 'timestamp']);
    expect(body.properties).toMatchObject({ path: '/pricing', session_id: 'session-1' });
  });
});
