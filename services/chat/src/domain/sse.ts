// Server-sent events (https://html.spec.whatwg.org/multipage/server-sent-events.html): the encoding the
// chat stream writes, and a small parser for our own tests and benchmark (browsers use eventsource-parser).

/** One event: `event: <name>` and the JSON data on one `data:` line (JSON never contains a raw newline). */
export function encodeEvent(event: string, data: unknown): string {
  if (!/^[a-z][a-z0-9_-]*$/.test(event)) throw new Error(`invalid event name: ${event}`);
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface ParsedEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser: feed it chunks as they arrive, it returns the events completed so far.
 * Comments (lines starting with ':') are skipped; multi-line data is joined with '\n'.
 */
export function createEventParser() {
  let buffer = '';
  return (chunk: string): ParsedEvent[] => {
    buffer += chunk;
    const events: ParsedEvent[] = [];
    for (;;) {
      const match = /\r\n\r\n|\n\n|\r\r/.exec(buffer);
      if (!match) break;
      const block = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r\n|\n|\r/)) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
}

/** All events of a complete stream body. */
export function parseEvents(body: string): ParsedEvent[] {
  return createEventParser()(body.endsWith('\n\n') ? body : `${body}\n\n`);
}
