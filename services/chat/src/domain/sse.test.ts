import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk.ts';
import { createEventParser, encodeEvent, parseEvents } from './sse.ts';

describe('server-sent events', () => {
  it('encodes one event per block with JSON data on one line', () => {
    expect(encodeEvent('delta', { text: 'line 1\nline 2 </script>' })).toBe('event: delta\ndata: {"text":"line 1\\nline 2 </script>"}\n\n');
    expect(() => encodeEvent('bad\nname', {})).toThrow();
  });
  it('parses what it encodes, across arbitrary chunk boundaries', () => {
    const body = [encodeEvent('meta', { id: 1 }), ': a comment\n\n', encodeEvent('delta', { text: 'héllo 👋' }), encodeEvent('done', {})].join('');
    for (const size of [1, 3, 7, body.length]) {
      const parse = createEventParser();
      const events = [];
      for (let i = 0; i < body.length; i += size) events.push(...parse(body.slice(i, i + size)));
      expect(events).toEqual([
        { event: 'meta', data: '{"id":1}' },
        { event: 'delta', data: '{"text":"héllo 👋"}' },
        { event: 'done', data: '{}' },
      ]);
    }
  });
  it('reads CRLF line ends, multi-line data and unnamed events', () => {
    expect(parseEvents('data: a\r\ndata: b\r\n\r\nevent: x\ndata:c')).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'x', data: 'c' },
    ]);
  });
});

describe('chunkText', () => {
  it('splits into pieces of a few words that join back into the exact text', () => {
    const text = '  Hello, world!\n\nThis is   Keisha, in **offline** mode.  ';
    const chunks = chunkText(text, 2);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBe(4); // 8 words, 2 a piece
    expect(chunkText('', 3)).toEqual([]);
    expect(chunkText('   ', 3)).toEqual(['   ']);
  });
});
