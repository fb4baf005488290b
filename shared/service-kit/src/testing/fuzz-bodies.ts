// Hostile request bodies for the route fuzzer, as fast-check arbitraries. Bodies are built as JSON
// *text*, not as values passed to JSON.stringify, so they can hold what no JS value serialises to:
// nesting deeper than a serialiser recurses, `__proto__` as an own key, numbers past a double,
// unescaped control characters, duplicate keys, and bytes that are not UTF-8.
import fc from 'fast-check';

/** One request body: what it is (for a failure report), its Content-Type and its bytes. */
export interface HostileBody {
  kind: string;
  /** No header when undefined. */
  contentType?: string;
  /** No body when undefined. */
  payload?: string | Buffer;
}

/** One generated request: a body, and sometimes a hostile value for one path parameter. */
export interface FuzzCase {
  body: HostileBody;
  /** Replaces the value of the route's first path parameter (already %-encoded). */
  param?: { label: string; value: string };
}

export interface BodyContext {
  /** A valid body of the route: most cases change one to three of its fields. `{}` for none. */
  seed: Record<string, unknown>;
  /** The app's body limit in bytes: "huge" values land just under it and just past it. */
  bodyLimit: number;
}

/** A JSON text with a label saying what it is. */
interface Piece {
  label: string;
  text: string;
}

const piece = (label: string) => (text: string): Piece => ({ label, text });

/** Single characters nobody types into a form: C0/C1 controls, lone surrogate halves, bidi and BOM marks. */
const hostileChar: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('\u007f', '\u0085', '\u00a0', '\u200b', '\u200e', '\u2028', '\u2029', '\u202e', '\ufeff', '\ufffd', '\uffff', '\ude00\ud83d'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

/** Strings that have broken parsers, queries and templates before. */
const NOTORIOUS_STRINGS = [
  '',
  ' ',
  ' \n\t\r ',
  'a \ud800 b',
  '\udfff',
  '\ud800\ud800',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '[object Object]',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '\\',
  '\\u0000',
  '%00',
  '%s%s%s%n',
  '../../../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '$ne',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a@b',
  'x@example.org',
  '"@example.org',
  'UTC',
  'Etc/GMT+99',
  '../UTC',
  '🏳️‍🌈👩🏾‍💻 Ωmega ﷽',
  'ｆｕｌｌｗｉｄｔｈ',
  'e\u0301\u0301\u0301\u0301',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: hostileChar, minLength: 1, maxLength: 24 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NOTORIOUS_STRINGS) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), hostileChar, fc.string({ maxLength: 8 })).map(([a, c, b]) => `${a}${c}${b}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
);

const NUMBER_TEXTS = ['0', '-0', '1', '-1', '0.5', '1e999', '-1e999', '1e-400', '9007199254740993', '123456789012345678901234567890', '1.7976931348623157e309', '0x10', '01', '+1', '.5', '1.', 'NaN', 'Infinity'];

/** Around the depth services accept (32 levels in all), and far past it: the 5,000 of the issue and beyond. */
const NESTING_DEPTHS = [8, 30, 31, 32, 33, 64, 1000, 5000, 20000];

/** A value nested `depth` levels deep. */
function deeplyNested(depth: number, shape: 'array' | 'object' | 'proto'): string {
  const [open, close] = shape === 'array' ? ['[', ']'] : shape === 'object' ? ['{"a":', '}'] : ['{"__proto__":', '}'];
  return `${open.repeat(depth)}null${close.repeat(depth)}`;
}

/** Values of about `bytes` bytes: one long string, a long array, or many keys. */
function huge(bytes: number, shape: 'string' | 'array' | 'keys' | 'escapes'): string {
  switch (shape) {
    case 'string':
      return `"${'x'.repeat(Math.max(0, bytes - 2))}"`;
    case 'escapes':
      return `"${'\\ud800'.repeat(Math.max(0, Math.floor((bytes - 2) / 6)))}"`;
    case 'array':
      return `[${Array.from({ length: Math.max(1, Math.floor(bytes / 2)) }, () => '0').join(',')}]`;
    case 'keys':
      return `{${Array.from({ length: Math.max(1, Math.floor(bytes / 12)) }, (_, i) => `"k${i.toString(36).padStart(5, '0')}":0`).join(',')}}`;
  }
}

function hostileJson(context: BodyContext): fc.Arbitrary<Piece> {
  const { bodyLimit } = context;
  return fc.letrec<{ value: Piece }>((tie) => ({
    value: fc.oneof(
      { maxDepth: 2, depthIdentifier: 'hostile-json' },
      { weight: 3, arbitrary: fc.constantFrom('null', 'true', 'false', '""', '[]', '{}').map(piece('wrong type')) },
      { weight: 2, arbitrary: fc.constantFrom(...NUMBER_TEXTS).map(piece('number')) },
      { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((n) => piece('number')(JSON.stringify(n))) },
      { weight: 6, arbitrary: hostileString.map((s) => piece('string')(JSON.stringify(s))) },
      // Raw control characters inside a JSON string are not JSON.
      { weight: 1, arbitrary: hostileChar.map((c) => piece('unescaped character')(`"a${c}b"`)) },
      { weight: 1, arbitrary: fc.constantFrom('"\\ud800"', '"a \\ud800 b"', '"\\udc00\\ud800"', '"\\u0000"', '"\\uDFFF"', '"\\x41"', '"\\u12"').map(piece('escape')) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...NESTING_DEPTHS), fc.constantFrom('array' as const, 'object' as const, 'proto' as const))
          .map(([depth, shape]) => piece(`nested ${depth} deep (${shape})`)(deeplyNested(depth, shape))),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(bodyLimit - 1024, bodyLimit + 1), fc.constantFrom('string' as const, 'array' as const, 'keys' as const, 'escapes' as const))
          .map(([bytes, shape]) => piece(`${shape} of ${bytes} bytes`)(huge(bytes, shape))),
      },
      { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_OBJECTS).map(piece('prototype keys')) },
      { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items) => piece('array')(`[${items.map((p) => p.text).join(',')}]`)) },
      {
        weight: 2,
        arbitrary: fc.array(fc.tuple(hostileKey(context), tie('value')), { maxLength: 4 }).map((entries) => piece('object')(objectText(entries.map(([k, v]) => [k, v.text])))),
      },
    ),
  })).value;
}

const PROTOTYPE_OBJECTS = [
  '{"__proto__":{"role":"admin","isAdmin":true,"polluted":true}}',
  '{"constructor":{"prototype":{"role":"admin","polluted":true}}}',
  '{"__proto__":null}',
  '{"__proto__":[]}',
  '{"prototype":{"polluted":true}}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
];

function hostileKey(context: BodyContext): fc.Arbitrary<string> {
  const seedKeys = Object.keys(context.seed);
  return fc.oneof(
    ...(seedKeys.length > 0 ? [fc.constantFrom(...seedKeys)] : []),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', ' ', '\ud800', 'a\udc00', '\u0000', '$where', 'a.b', 'a[b]'),
    hostileString,
  );
}

/** An object's text from keys and raw value texts; keys may repeat, values need not be valid JSON. */
function objectText(entries: Array<[string, string]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

type Mutation = { kind: 'set'; key: string; value: Piece } | { kind: 'drop'; key: string };

function mutatedSeed(context: BodyContext): fc.Arbitrary<HostileBody> {
  const seedKeys = Object.keys(context.seed);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(hostileKey(context), hostileJson(context)).map(([key, value]): Mutation => ({ kind: 'set', key, value })) },
    ...(seedKeys.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...seedKeys).map((key): Mutation => ({ kind: 'drop', key })) }] : []),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => {
    const entries = new Map<string, string>(Object.entries(context.seed).map(([key, value]) => [key, JSON.stringify(value)]));
    const extra: Array<[string, string]> = [];
    for (const m of mutations) {
      if (m.kind === 'drop') entries.delete(m.key);
      // __proto__ and friends go in as own keys of the text, which is the whole point.
      else if (entries.has(m.key)) entries.set(m.key, m.value.text);
      else extra.push([m.key, m.value.text]);
    }
    const label = mutations.map((m) => (m.kind === 'drop' ? `without ${m.key}` : `${describeKey(m.key)}=${m.value.label}`)).join(', ');
    return { kind: `fields: ${label}`, contentType: 'application/json', payload: objectText([...entries, ...extra]) };
  });
}

function describeKey(key: string): string {
  const printable = JSON.stringify(key);
  return printable.length > 24 ? `${printable.slice(0, 20)}…"` : printable;
}

function seedText(context: BodyContext): string {
  return JSON.stringify(context.seed);
}

function formText(seed: Record<string, unknown>): string {
  return Object.entries(seed)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');
}

function multipartText(seed: Record<string, unknown>, boundary: string): string {
  const parts = Object.entries(seed).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
  );
  return `${parts.join('')}--${boundary}--\r\n`;
}

/** The route's own body under a wrong or odd Content-Type, and bodies that are not JSON at all. */
function wrongEnvelope(context: BodyContext): fc.Arbitrary<HostileBody> {
  const json = seedText(context);
  const envelopes: HostileBody[] = [
    { kind: 'JSON as text/plain', contentType: 'text/plain', payload: json },
    { kind: 'form-encoded', contentType: 'application/x-www-form-urlencoded', payload: formText(context.seed) },
    { kind: 'form-encoded nested', contentType: 'application/x-www-form-urlencoded', payload: 'a[b][c]=1&__proto__[role]=admin&a=2&a=3' },
    { kind: 'multipart', contentType: 'multipart/form-data; boundary=keisha-fuzz', payload: multipartText(context.seed, 'keisha-fuzz') },
    { kind: 'multipart without boundary', contentType: 'multipart/form-data', payload: json },
    { kind: 'XML', contentType: 'application/xml', payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
    { kind: 'octet-stream', contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 0xff, 0xfe, 0x7b]) },
    { kind: 'JSON without Content-Type', payload: json },
    { kind: 'no body, JSON Content-Type', contentType: 'application/json' },
    { kind: 'empty body, JSON Content-Type', contentType: 'application/json', payload: '' },
    { kind: 'whitespace body', contentType: 'application/json', payload: ' \n\t ' },
    { kind: 'JSON with a byte-order mark', contentType: 'application/json', payload: `\ufeff${json}` },
    { kind: 'JSON as UTF-16LE with BOM', contentType: 'application/json; charset=utf-16', payload: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]) },
    { kind: 'JSON, charset latin1', contentType: 'application/json; charset=iso-8859-1', payload: json },
    { kind: 'JSON, upper-case type', contentType: 'APPLICATION/JSON', payload: json },
    { kind: 'JSON, vendor type', contentType: 'application/vnd.api+json', payload: json },
    { kind: 'JSON, listed types', contentType: 'application/json, text/plain', payload: json },
    { kind: 'JSON, broken parameters', contentType: 'application/json;;;charset', payload: json },
    { kind: 'bogus type', contentType: 'x/', payload: json },
    { kind: 'truncated JSON', contentType: 'application/json', payload: json.slice(0, Math.max(1, json.length - 1)) },
    { kind: 'unterminated object', contentType: 'application/json', payload: '{' },
    { kind: 'missing value', contentType: 'application/json', payload: '{"a":}' },
    { kind: 'trailing comma', contentType: 'application/json', payload: json.length > 2 ? `${json.slice(0, -1)},}` : '{,}' },
    { kind: 'single quotes', contentType: 'application/json', payload: json.replaceAll('"', "'") },
    { kind: 'comment', contentType: 'application/json', payload: `/* hi */${json}` },
    { kind: 'two documents', contentType: 'application/json', payload: `${json}${json}` },
    { kind: 'bare NaN', contentType: 'application/json', payload: 'NaN' },
    { kind: 'top-level null', contentType: 'application/json', payload: 'null' },
    { kind: 'top-level string', contentType: 'application/json', payload: '"text"' },
    { kind: 'top-level number', contentType: 'application/json', payload: '42' },
    { kind: 'top-level array of the body', contentType: 'application/json', payload: `[${json}]` },
    { kind: 'duplicate keys', contentType: 'application/json', payload: json.length > 2 ? `${json.slice(0, -1)},${json.slice(1)}` : '{"a":1,"a":2}' },
    { kind: 'invalid UTF-8 bytes in a string', contentType: 'application/json', payload: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}')]) },
    { kind: 'invalid UTF-8 bytes in the body', contentType: 'application/json', payload: Buffer.concat([Buffer.from(json.slice(0, -1)), Buffer.from(',"x":"\xed\xa0\x80"', 'latin1'), Buffer.from('}')]) },
    { kind: 'NUL byte outside a string', contentType: 'application/json', payload: `${json}\u0000` },
  ];
  return fc.constantFrom(...envelopes);
}

/** The whole body replaced by one hostile JSON value (deep, huge, scalar, or prototype keys). */
function wholeBody(context: BodyContext): fc.Arbitrary<HostileBody> {
  return hostileJson(context).map((value) => ({ kind: `body: ${value.label}`, contentType: 'application/json', payload: value.text }));
}

/** The route's body plus keys that try to reach Object.prototype. */
function prototypePollution(context: BodyContext): fc.Arbitrary<HostileBody> {
  const entries = Object.entries(context.seed).map(([key, value]): [string, string] => [key, JSON.stringify(value)]);
  return fc
    .constantFrom<Array<[string, string]>>(
      [['__proto__', '{"role":"admin","isAdmin":true}']],
      [['constructor', '{"prototype":{"role":"admin"}}']],
      [['__proto__', '{"__proto__":{"polluted":true}}']],
      [['constructor', 'null']],
      [['\ud800', '"lone surrogate key"']],
      [['\udc00\ud800', '{"\\ud800":"\\udc00"}']],
    )
    .map((extra) => ({ kind: `body with ${describeKey(extra[0]![0])} key`, contentType: 'application/json', payload: objectText([...entries, ...extra]) }));
}

const hostileParam: fc.Arbitrary<{ label: string; value: string }> = fc.oneof(
  hostileString.filter((s) => s.length > 0).map((s) => ({ label: `param ${describeKey(s)}`, value: encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd')) })),
  fc.constantFrom(
    { label: 'param raw lone surrogate', value: '%ED%A0%80' },
    { label: 'param broken %-encoding', value: '%E0%A4%A' },
    { label: 'param NUL', value: '%00' },
    { label: 'param 300 characters', value: 'x'.repeat(300) },
    { label: 'param dot-dot', value: '..' },
  ),
);

/** One hostile request for a route whose valid body is `context.seed`. */
export function hostileCase(context: BodyContext): fc.Arbitrary<FuzzCase> {
  const body = fc.oneof(
    { weight: 8, arbitrary: mutatedSeed(context) },
    { weight: 3, arbitrary: wholeBody(context) },
    { weight: 3, arbitrary: wrongEnvelope(context) },
    { weight: 1, arbitrary: prototypePollution(context) },
  );
  const param = fc.oneof({ weight: 11, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostileParam });
  return fc.tuple(body, param).map(([b, param]) => (param ? { body: b, param } : { body: b }));
}

/** `count` hostile requests, the same ones for the same seed. */
export function hostileCases(context: BodyContext, count: number, seed: number): FuzzCase[] {
  return fc.sample(hostileCase(context), { numRuns: count, seed });
}
