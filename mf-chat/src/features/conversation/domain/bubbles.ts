// The conversation on screen: its bubbles (spec section 3, "In-memory message": id, text, sender,
// error flag, timestamp) and where the current answer stands. Pure: the conversation hook feeds it
// what the chat service says, and ids and times come in with the actions.
import type { ChatMessage, MessageStatus } from '@keisha/contracts/chat';

/** Spec section 8 ("Chat"): a malformed message shows a corrupted-data error. */
export const CORRUPTED_MESSAGE = 'This message could not be shown: its saved data is corrupted.';

export type Sender = 'user' | 'ai' | 'system';
/** A message's state; `pending` is a sent message the service has not accepted yet. */
export type BubbleStatus = MessageStatus | 'pending';

export interface Bubble {
  id: string;
  text: string;
  sender: Sender;
  error: boolean;
  timestamp: string;
  status: BubbleStatus;
  /** Said about an answer: the model was unreachable, it was cut short... */
  notes: string[];
  /** A stable identity on screen while `id` changes from the local one to the service's. */
  key?: string;
  /** A notice about a message the service could not take just then: the message, which Try Again sends again. */
  retryText?: string;
}

/** idle; loading a conversation; waiting for the first words of an answer; streaming them. */
export type Phase = 'idle' | 'loading' | 'waiting' | 'streaming';

export interface TranscriptState {
  /** The conversation shown; null before its first message creates it. */
  sessionId: string | null;
  bubbles: Bubble[];
  phase: Phase;
  /** The ai bubble being written. */
  answerId: string | null;
  /** While a regenerate waits to be accepted: the bubbles it replaced, put back if it is refused. */
  replaced: Bubble[] | null;
}

export const EMPTY_TRANSCRIPT: TranscriptState = { sessionId: null, bubbles: [], phase: 'idle', answerId: null, replaced: null };

export type TranscriptAction =
  | { type: 'cleared'; sessionId: string | null }
  | { type: 'loading'; sessionId: string }
  | { type: 'loaded'; sessionId: string; bubbles: Bubble[] }
  | { type: 'sent'; id: string; text: string; at: string }
  | { type: 'regenerating' }
  | { type: 'accepted'; sessionId: string; userMessageId: string; aiMessageId: string; at: string }
  | { type: 'delta'; text: string }
  | { type: 'finished'; message: Bubble }
  | { type: 'stopped' }
  | { type: 'failed'; id: string; message: string; at: string }
  | { type: 'refused'; id: string; message: string | null; at: string; retryText?: string }
  | { type: 'systemError'; id: string; message: string; at: string; notes?: string[] };

const systemBubble = (id: string, message: string, at: string, notes: string[] = []): Bubble => ({
  id,
  text: message,
  sender: 'system',
  error: true,
  timestamp: at,
  status: 'complete',
  notes,
});

/** The message a notice at the end of the transcript offers to send again, if any. */
export function retryTextOf(state: TranscriptState): string | undefined {
  return state.phase === 'idle' ? state.bubbles.at(-1)?.retryText : undefined;
}

const withoutPending = (bubbles: Bubble[]) => bubbles.filter((bubble) => bubble.status !== 'pending');

function settlePending(bubbles: Bubble[]): Bubble[] {
  return bubbles.map((bubble) => (bubble.status === 'pending' ? { ...bubble, status: 'complete' } : bubble));
}

function updateAnswer(state: TranscriptState, change: (bubble: Bubble) => Bubble | null): Bubble[] {
  const out: Bubble[] = [];
  for (const bubble of state.bubbles) {
    if (bubble.id !== state.answerId) out.push(bubble);
    else {
      const changed = change(bubble);
      if (changed) out.push(changed);
    }
  }
  return out;
}

export function transcriptReducer(state: TranscriptState, action: TranscriptAction): TranscriptState {
  switch (action.type) {
    case 'cleared':
      return { ...EMPTY_TRANSCRIPT, sessionId: action.sessionId };
    case 'loading':
      return { ...EMPTY_TRANSCRIPT, sessionId: action.sessionId, phase: 'loading' };
    case 'loaded':
      return action.sessionId === state.sessionId ? { ...EMPTY_TRANSCRIPT, sessionId: action.sessionId, bubbles: action.bubbles } : state;
    case 'sent': {
      // Sending again the message a notice offered to (Try Again): the notice has served its purpose.
      const bubbles = state.bubbles.at(-1)?.retryText === action.text ? state.bubbles.slice(0, -1) : state.bubbles;
      return {
        ...state,
        phase: 'waiting',
        answerId: null,
        bubbles: [...bubbles, { id: action.id, text: action.text, sender: 'user', error: false, timestamp: action.at, status: 'pending', notes: [] }],
      };
    }
    case 'regenerating': {
      // The answers (and errors) after the last question go: the new answer replaces them.
      const lastQuestion = state.bubbles.findLastIndex((bubble) => bubble.sender === 'user');
      return { ...state, phase: 'waiting', answerId: null, bubbles: state.bubbles.slice(0, lastQuestion + 1), replaced: state.bubbles };
    }
    case 'accepted': {
      const bubbles = state.bubbles.map((bubble) =>
        bubble.status === 'pending' ? { ...bubble, key: bubble.key ?? bubble.id, id: action.userMessageId, status: 'complete' as const } : bubble,
      );
      const answer: Bubble = { id: action.aiMessageId, text: '', sender: 'ai', error: false, timestamp: action.at, status: 'streaming', notes: [] };
      return { ...state, sessionId: action.sessionId, answerId: action.aiMessageId, bubbles: [...bubbles, answer], replaced: null };
    }
    case 'delta':
      if (!state.answerId) return state;
      return { ...state, phase: 'streaming', bubbles: updateAnswer(state, (bubble) => ({ ...bubble, text: bubble.text + action.text })) };
    case 'finished':
      return { ...state, phase: 'idle', answerId: null, replaced: null, bubbles: updateAnswer(state, () => action.message) };
    case 'stopped':
      return {
        ...state,
        phase: 'idle',
        answerId: null,
        // Stopped before the service answered, a regenerate keeps what it was to replace.
        bubbles: state.replaced ?? settlePending(updateAnswer(state, (bubble) => ({ ...bubble, status: 'stopped' }))),
        replaced: null,
      };
    case 'failed': {
      // A partial answer stays, marked; an empty one goes. The error is said in a system bubble.
      const bubbles = updateAnswer(state, (bubble) => (bubble.text ? { ...bubble, status: 'failed', error: true } : null));
      const before = state.replaced ?? settlePending(bubbles);
      return { ...state, phase: 'idle', answerId: null, replaced: null, bubbles: [...before, systemBubble(action.id, action.message, action.at)] };
    }
    case 'refused': {
      // The service did not take the message: it leaves the transcript (the draft gets it back). A
      // refused regenerate puts back the answer it was to replace.
      const bubbles = state.replaced ?? withoutPending(state.bubbles);
      return {
        ...state,
        phase: 'idle',
        answerId: null,
        replaced: null,
        bubbles: action.message
          ? [...bubbles, { ...systemBubble(action.id, action.message, action.at), ...(action.retryText !== undefined ? { retryText: action.retryText } : {}) }]
          : bubbles,
      };
    }
    case 'systemError':
      return { ...state, bubbles: [...state.bubbles, systemBubble(action.id, action.message, action.at, action.notes)] };
  }
}

/** The phases in which an answer is on its way (Stop applies; the input waits). */
export function isAnswering(state: TranscriptState): boolean {
  return state.phase === 'waiting' || state.phase === 'streaming';
}

/** Regenerate applies to a saved conversation whose last question has been answered (or has failed). */
export function canRegenerate(state: TranscriptState): boolean {
  if (state.phase !== 'idle' || !state.sessionId) return false;
  const last = state.bubbles.at(-1);
  return last !== undefined && last.sender !== 'user' && state.bubbles.some((bubble) => bubble.sender === 'user' && bubble.status === 'complete');
}

// ---------------------------------------------------------------------------------------------
// Messages as the chat service stores them

type Json = Record<string, unknown>;
const SENDERS: readonly string[] = ['user', 'ai', 'system'];
const STATUSES: readonly string[] = ['complete', 'streaming', 'stopped', 'failed', 'corrupted'];

function corrupted(id: string, at: string): Bubble {
  return { id, text: CORRUPTED_MESSAGE, sender: 'system', error: true, timestamp: at, status: 'corrupted', notes: [] };
}

/**
 * One stored message as a bubble. A row the service marks corrupted, or anything not shaped like a
 * message, becomes the corrupted-data error: one bad row never blanks the conversation.
 */
export function bubbleFromMessage(raw: unknown, fallbackId: string): Bubble {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return corrupted(fallbackId, '');
  const message = raw as Json;
  const id = typeof message.id === 'string' && message.id !== '' ? message.id : fallbackId;
  const at = typeof message.created_at === 'string' ? message.created_at : '';
  if (!SENDERS.includes(message.sender as string) || typeof message.text !== 'string' || !STATUSES.includes(message.status as string)) {
    return corrupted(id, at);
  }
  const status = message.status as MessageStatus;
  if (status === 'corrupted') return corrupted(id, at);
  const notes = Array.isArray(message.notes) ? message.notes.filter((note): note is string => typeof note === 'string') : [];
  return {
    id,
    text: message.text,
    sender: message.sender as Sender,
    error: status === 'failed' || message.sender === 'system',
    timestamp: at,
    status,
    notes,
  };
}

/** The bubbles of a stored conversation, or null when the answer is not a list at all. */
export function bubblesFromMessages(raw: unknown): Bubble[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.map((message, index) => bubbleFromMessage(message, `row-${index}`));
}

/** The answer as saved, for the bubble that streamed it. */
export function bubbleFromSaved(message: ChatMessage, fallbackId: string): Bubble {
  return bubbleFromMessage(message, fallbackId);
}
