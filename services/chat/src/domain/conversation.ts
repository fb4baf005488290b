// Conversations as the API shows them, and as the model reads them. Pure: rows in, values out.
import type { ChatMessage, ChatSession, ChatSource, MessageStatus } from '@keisha/contracts/chat';

export const TITLE_WORDS_MAX_CHARS = 60;

/** A conversation's automatic title: the first message's opening words, on one line, without markdown marks. */
export function titleFrom(message: string): string {
  const oneLine = message
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^[\s>#*\-+]+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  const text = oneLine || message.replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_WORDS_MAX_CHARS) return text;
  const cut = text.slice(0, TITLE_WORDS_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 30 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The fields of a stored row that the views need. */
export interface StoredMessage {
  id: string;
  session_id: string;
  user_prompt: string | null;
  ai_response: string | null;
  status: string;
  engine: string | null;
  sources: unknown;
  notes: unknown;
  created_at: Date;
  /** Set on Keisha's bubbles written since answers hold a lease (absent from the model's history rows). */
  lease_until?: Date | null;
  stream_instance?: string | null;
  stream_process?: string | null;
}

export interface StoredSession {
  id: string;
  title: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * A row still marked streaming this long after it was written, and without a lease (written before answers had
 * one), belongs to an answer that can no longer be running: it is shown as stopped, and does not block regenerating.
 */
export const STALE_STREAM_MS = 15 * 60_000;

/** Who writes a streaming answer: the instance (the same across its restarts) and the process (one per start). */
export interface StreamOwner {
  instance: string;
  process: string;
}

type StreamState = Pick<StoredMessage, 'status' | 'created_at' | 'lease_until' | 'stream_instance' | 'stream_process'>;

/**
 * Whether an answer marked streaming may still be being written: its process holds its lease. `self`, once this
 * process serves its instance's address, says that an answer of an earlier process of the same instance is not:
 * two processes cannot serve one address, so that one has stopped.
 */
export function isLiveStream(row: StreamState, now: Date, self?: StreamOwner): boolean {
  if (row.status !== 'streaming') return false;
  if (self && row.stream_instance === self.instance && row.stream_process !== self.process) return false;
  const until = row.lease_until ? row.lease_until.getTime() : row.created_at.getTime() + STALE_STREAM_MS;
  return now.getTime() < until;
}

function jsonOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export function sourcesOf(value: unknown): ChatSource[] {
  const parsed = jsonOf(value);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (s): s is ChatSource => typeof s === 'object' && s !== null && typeof s.title === 'string' && typeof s.url === 'string',
  );
}

export function notesOf(value: unknown): string[] {
  const parsed = jsonOf(value);
  return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : [];
}

const STATUSES = new Set(['complete', 'streaming', 'stopped', 'failed']);

/**
 * One bubble per row: user_prompt for the person, ai_response for Keisha. A row with both or neither
 * (written before the constraint, or by hand) is shown as a system bubble marked corrupted, so the
 * UI can say so instead of failing on the whole conversation.
 */
export function messageView(row: StoredMessage, now: Date): ChatMessage {
  const base = { id: row.id, session_id: row.session_id, created_at: row.created_at.toISOString() };
  const isUser = row.user_prompt !== null && row.ai_response === null;
  const isAi = row.ai_response !== null && row.user_prompt === null;
  if ((!isUser && !isAi) || !STATUSES.has(row.status)) {
    return { ...base, sender: 'system', text: '', status: 'corrupted', engine: null, sources: [], notes: [] };
  }
  let status = row.status as MessageStatus;
  // A dead answer with a lease is about to be marked failed by the sweep (its message given back).
  if (status === 'streaming' && !isLiveStream(row, now)) status = row.lease_until ? 'failed' : 'stopped';
  const engine = row.engine === 'llm' || row.engine === 'embedded' ? row.engine : null;
  return {
    ...base,
    sender: isUser ? 'user' : 'ai',
    text: (isUser ? row.user_prompt : row.ai_response) ?? '',
    status,
    engine: isAi ? engine : null,
    sources: isAi ? sourcesOf(row.sources) : [],
    notes: isAi ? notesOf(row.notes) : [],
  };
}

export function sessionView(row: StoredSession): ChatSession {
  return { id: row.id, title: row.title, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export interface ModelTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface HistoryBudget {
  /** At most this many earlier bubbles. */
  maxTurns: number;
  /** At most this many characters of earlier bubbles, counting from the newest. */
  maxChars: number;
}

export const DEFAULT_HISTORY_BUDGET: HistoryBudget = { maxTurns: 20, maxChars: 24_000 };

/**
 * What the model reads of the conversation before the new message: earlier bubbles in order,
 * without failed or empty answers, without corrupted rows or answers still being written, newest
 * kept first when the budget runs out. An answer that was stopped is kept (the person saw it).
 */
export function modelHistory(rows: StoredMessage[], budget: HistoryBudget = DEFAULT_HISTORY_BUDGET): ModelTurn[] {
  const turns: ModelTurn[] = [];
  for (const row of rows) {
    const isUser = row.user_prompt !== null && row.ai_response === null;
    const isAi = row.ai_response !== null && row.user_prompt === null;
    if (isUser) turns.push({ role: 'user', content: row.user_prompt! });
    else if (isAi && (row.status === 'complete' || row.status === 'stopped') && row.ai_response!.trim() !== '') {
      turns.push({ role: 'assistant', content: row.ai_response! });
    }
  }
  const kept: ModelTurn[] = [];
  let chars = 0;
  for (let i = turns.length - 1; i >= 0 && kept.length < budget.maxTurns; i--) {
    const turn = turns[i]!;
    if (chars + turn.content.length > budget.maxChars) break;
    chars += turn.content.length;
    kept.unshift(turn);
  }
  // A history that starts with Keisha's answer to a message it no longer shows reads oddly to a model.
  while (kept[0]?.role === 'assistant') kept.shift();
  return kept;
}

/**
 * Whether two histories would read the same to the model. The model is asked before the message is
 * written (to overlap its wait with the database); the history read inside the write's lock decides,
 * and an early request sent with a different history is dropped and asked again.
 */
export function sameTurns(a: readonly ModelTurn[], b: readonly ModelTurn[]): boolean {
  return a.length === b.length && a.every((turn, i) => turn.role === b[i]!.role && turn.content === b[i]!.content);
}
