// What every answer to a hostile request must be: below 500, a 4xx in our error shape, and nothing
// in any body that tells an attacker about our code or our database.

export interface ObservedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface CheckOptions {
  /** The route answers a browser's form post with HTML pages, so its 4xx are pages, not JSON. */
  html?: boolean;
  /** What was sent: a pattern that was in the request too is an echo of it, not a leak. */
  requestText?: string;
}

/** Traces of a stack or of SQL: none may reach a client. */
export const LEAK_PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'stack frame', pattern: /\n\s+at \S/ },
  { name: 'stack frame', pattern: /\bat (?:async )?[\w$.<>[\]]+ \((?:file:|node:|\/)/ },
  { name: 'source path', pattern: /[\w-]+\.(?:ts|tsx|js|mjs|cjs):\d+/ },
  { name: 'source path', pattern: /node_modules/ },
  { name: 'SQL error', pattern: /syntax error at or near/i },
  { name: 'SQL error', pattern: /violates (?:[\w-]+ )*constraint/i },
  { name: 'SQL error', pattern: /\brelation "[^"]*"/ },
  { name: 'SQL error', pattern: /\bcolumn "[^"]*"/ },
  { name: 'SQL error', pattern: /invalid input syntax for/i },
  { name: 'SQL error', pattern: /duplicate key value/i },
  { name: 'SQL error', pattern: /unsupported Unicode escape sequence/i },
  { name: 'SQL text', pattern: /\bSELECT .+ FROM\b/ },
  { name: 'SQL text', pattern: /\bINSERT INTO\b/ },
  { name: 'SQL text', pattern: /\bUPDATE "[^"]+" SET\b/ },
  { name: 'SQL text', pattern: /\bDELETE FROM\b/ },
];

function header(response: ObservedResponse, name: string): string {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

/** Why a 4xx body is not `{success:false,error:{code,message}}`, or undefined when it is. */
export function errorShapeProblem(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the error body is not JSON';
  }
  const shaped = parsed as { success?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (shaped === null || typeof shaped !== 'object') return 'the error body is not an object';
  if (shaped.success !== false) return 'the error body lacks success: false';
  if (!shaped.error || typeof shaped.error !== 'object') return 'the error body lacks an error object';
  if (typeof shaped.error.code !== 'string' || shaped.error.code.length === 0) return 'the error has no string code';
  if (typeof shaped.error.message !== 'string' || shaped.error.message.length === 0) return 'the error has no string message';
  return undefined;
}

/** A JSON body's strings read as text: `relation \"users\"` is `relation "users"`, `\n` a line break. */
function unescaped(text: string): string {
  return text.replace(/\\n/g, '\n').replace(/\\(["\\/])/g, '$1');
}

/** The leak patterns found in a body, except those the request itself carried. */
export function leaksIn(body: string, requestText = ''): string[] {
  const found = new Set<string>();
  const text = unescaped(body);
  const sent = unescaped(requestText);
  for (const { name, pattern } of LEAK_PATTERNS) {
    const match = pattern.exec(text);
    if (match && !sent.includes(match[0])) found.add(`${name} (${JSON.stringify(match[0].slice(0, 60))})`);
  }
  return [...found];
}

export type ProblemKind = 'server error' | 'error shape' | 'leak';

export interface Problem {
  kind: ProblemKind;
  detail: string;
}

/** Everything wrong with one answer; empty when it is a proper answer to a hostile request. */
export function responseProblems(response: ObservedResponse, options: CheckOptions = {}): Problem[] {
  const problems: Problem[] = [];
  if (response.statusCode >= 500) problems.push({ kind: 'server error', detail: `status ${response.statusCode}` });
  if (response.statusCode >= 400) {
    const isHtmlPage = options.html === true && header(response, 'content-type').startsWith('text/html');
    const shape = isHtmlPage ? undefined : errorShapeProblem(response.body);
    if (shape) problems.push({ kind: 'error shape', detail: shape });
  }
  for (const leak of leaksIn(response.body, options.requestText)) problems.push({ kind: 'leak', detail: leak });
  return problems;
}
