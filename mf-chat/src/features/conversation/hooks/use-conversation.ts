// The conversation on screen and what can be done with it: send (streamed answer), stop (button or
// Esc), regenerate, open a saved conversation, start a new one. The rules of spec section 4 ("Chat
// send") apply before anything is sent; the chat service counts and decides.
import type { ChatSession, ChatUsage } from '@keisha/contracts/chat';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { ApiError, isBlankText } from '@keisha/contracts';
import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { trackEvent } from '@keisha/store';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { createConversation, fetchMessages } from '../api/messages.ts';
import { ReplyRefused, streamMessage, streamRegenerate, type StreamHandlers, type StreamOutcome } from '../api/stream-reply.ts';
import { describeSendError, NEW_CHAT_FAILED, OPEN_FAILED, PROFILE_LOADING, replyFailureMessage, SEND_FAILED, serviceReasonOf } from '../domain/send-errors.ts';
import {
  bubbleFromSaved,
  bubblesFromMessages,
  canRegenerate,
  EMPTY_TRANSCRIPT,
  isAnswering,
  retryTextOf,
  transcriptReducer,
  type TranscriptState,
} from '../domain/bubbles.ts';
import { acceptedEvents, replyCompletedEvent, replyErrorEvent, replyStoppedEvent, replyThrownEvent, type Ask, type ChatEvent } from '../domain/usage-events.ts';

/** The conversation open in this tab, so a reload comes back to it. */
const CURRENT_SESSION_KEY = 'keisha.chat.current-session';

function remember(sessionId: string | null) {
  try {
    if (sessionId) sessionStorage.setItem(CURRENT_SESSION_KEY, sessionId);
    else sessionStorage.removeItem(CURRENT_SESSION_KEY);
  } catch {
    // storage blocked: a reload starts a new chat
  }
}

function remembered(): string | null {
  try {
    return sessionStorage.getItem(CURRENT_SESSION_KEY);
  } catch {
    return null;
  }
}

/** The reason a service gave, beneath the spec's own sentence for the failure. */
function reasonNotes(error: unknown): string[] {
  const reason = serviceReasonOf(error);
  return reason ? [reason] : [];
}

/** Analytics never gets in the conversation's way: trackEvent swallows every failure. */
function record({ event, properties }: ChatEvent) {
  void trackEvent(event, properties);
}

export interface ConversationOptions {
  signedIn: boolean;
  /** The profile has loaded (the input waits for it) and whether today's limit is reached. */
  profileLoaded: boolean;
  limitReached: boolean;
  /** The usage an answer came back with. */
  onUsage: (usage: ChatUsage | null) => void;
  /** The daily limit: open the paywall. */
  onLimitReached: () => void;
  /** The account must confirm its e-mail address before the chat answers (issue 27). */
  onAddressUnconfirmed?: () => void;
  /** A conversation was created or has new activity (the list moves it to the top). */
  onSessionActive: (session: ChatSession) => void;
  /** A message the service did not take: it goes back to the input. */
  onDraftReturned: (text: string) => void;
}

export interface Conversation {
  state: TranscriptState;
  answering: boolean;
  regenerable: boolean;
  send: (text: string) => boolean;
  /** The message a notice offers to send again (its Try Again), if any. */
  retryText: string | undefined;
  /** Sends that message again; false when it was not sent. */
  retry: () => boolean;
  stop: () => void;
  regenerate: () => void;
  open: (sessionId: string) => void;
  newChat: () => void;
  /** The conversation was deleted elsewhere (the side panel): leave it if it is open. */
  forget: (sessionId: string) => void;
}

export function useConversation(options: ConversationOptions): Conversation {
  const [state, dispatch] = useReducer(transcriptReducer, EMPTY_TRANSCRIPT);
  const latest = useRef({ state, options });
  latest.current = { state, options };
  const running = useRef<AbortController | null>(null);
  /** Counts moves to another conversation (open, New Chat, forget): a slow New Chat must not undo a later move. */
  const navigation = useRef(0);
  const ids = useRef(0);
  const nextId = (kind: string) => `${kind}-${++ids.current}`;
  const now = () => new Date().toISOString();

  /** Ends the answer in progress without a word: the screen is moving on to another conversation. */
  const leave = useCallback(() => {
    navigation.current++;
    const controller = running.current;
    running.current = null;
    controller?.abort();
  }, []);

  const runStream = useCallback(async (start: (handlers: StreamHandlers, signal: AbortSignal) => Promise<StreamOutcome>, sentText: string | null) => {
    const controller = new AbortController();
    running.current = controller;
    const current = () => running.current === controller;
    const ask: Ask = sentText === null ? { kind: 'regenerate' } : { kind: 'message', characters: sentText.length };
    const startedAt = Date.now();
    let accepted = false;
    try {
      const outcome = await start(
        {
          onMeta: (meta) => {
            if (!current()) return;
            accepted = true;
            acceptedEvents(meta, ask).forEach(record);
            dispatch({ type: 'accepted', sessionId: meta.session_id, userMessageId: meta.user_message_id, aiMessageId: meta.ai_message_id, at: now() });
            remember(meta.session_id);
            latest.current.options.onUsage(meta.usage);
            latest.current.options.onSessionActive(meta.session);
          },
          onDelta: (text) => {
            if (current()) dispatch({ type: 'delta', text });
          },
        },
        controller.signal,
      );
      if (!current()) return;
      if (outcome.kind === 'done') {
        record(replyCompletedEvent(outcome.done, ask, Date.now() - startedAt));
        dispatch({ type: 'finished', message: bubbleFromSaved(outcome.done.message, nextId('answer')) });
        latest.current.options.onUsage(outcome.done.usage);
      } else {
        record(replyErrorEvent(outcome.error, ask));
        dispatch({ type: 'failed', id: nextId('system'), message: replyFailureMessage(outcome.error.message), at: now() });
        latest.current.options.onUsage(outcome.error.usage);
      }
    } catch (error) {
      if (!current()) return;
      if (controller.signal.aborted) {
        record(replyStoppedEvent(accepted, ask));
        dispatch({ type: 'stopped' });
        return;
      }
      const problem = describeSendError(error);
      // The daily limit is not a failure: it opens the paywall, which records itself.
      if (!problem.paywall || accepted) record(replyThrownEvent(error, accepted, ask));
      if (accepted) {
        dispatch({ type: 'failed', id: nextId('system'), message: problem.paywall ? SEND_FAILED : problem.message, at: now() });
        return;
      }
      // A message the service could not take just then (unavailable, 429): its notice offers Try Again.
      const retryText = !problem.paywall && problem.retry && sentText !== null ? sentText : undefined;
      // The paywall and the confirm-address notice say it themselves: no notice in the transcript too.
      const notice = problem.paywall || problem.confirmAddress ? null : problem.message;
      dispatch({ type: 'refused', id: nextId('system'), message: notice, at: now(), ...(retryText !== undefined ? { retryText } : {}) });
      if (sentText !== null) latest.current.options.onDraftReturned(sentText);
      if (!problem.paywall && problem.confirmAddress) latest.current.options.onAddressUnconfirmed?.();
      if (problem.paywall) {
        if (error instanceof ReplyRefused) latest.current.options.onUsage(error.usage);
        latest.current.options.onLimitReached();
      }
    } finally {
      if (current()) running.current = null;
    }
  }, []);

  /** Checks the rules of spec section 4 before a message is counted; false when it must not be sent. */
  const mayAsk = useCallback((): boolean => {
    const { state: current, options: opts } = latest.current;
    if (isAnswering(current) || current.phase === 'loading') return false;
    if (!opts.signedIn) {
      dispatch({ type: 'systemError', id: nextId('system'), message: CHAT_TEXT.signedOut, at: now() });
      return false;
    }
    if (!opts.profileLoaded) {
      dispatch({ type: 'systemError', id: nextId('system'), message: PROFILE_LOADING, at: now() });
      return false;
    }
    if (opts.limitReached) {
      opts.onLimitReached();
      return false;
    }
    return true;
  }, []);

  const send = useCallback(
    (text: string): boolean => {
      if (isBlankText(text) || !mayAsk()) return false;
      const sessionId = latest.current.state.sessionId;
      dispatch({ type: 'sent', id: nextId('sent'), text, at: now() });
      void runStream((handlers, signal) => streamMessage(text, sessionId, handlers, signal), text);
      return true;
    },
    [mayAsk, runStream],
  );

  const retry = useCallback((): boolean => {
    const text = retryTextOf(latest.current.state);
    return text !== undefined && send(text);
  }, [send]);

  const regenerate = useCallback(() => {
    const sessionId = latest.current.state.sessionId;
    if (!sessionId || !canRegenerate(latest.current.state) || !mayAsk()) return;
    dispatch({ type: 'regenerating' });
    record({ event: CHAT_EVENTS.replyRegenerated, properties: {} });
    void runStream((handlers, signal) => streamRegenerate(sessionId, handlers, signal), null);
  }, [mayAsk, runStream]);

  const stop = useCallback(() => running.current?.abort(), []);

  const load = useCallback(
    async (sessionId: string, quiet: boolean) => {
      leave();
      dispatch({ type: 'loading', sessionId });
      remember(sessionId);
      try {
        const response = await fetchMessages(sessionId);
        const bubbles = bubblesFromMessages((response as { messages?: unknown } | null)?.messages);
        if (!bubbles) throw new Error('The conversation could not be read.');
        dispatch({ type: 'loaded', sessionId, bubbles });
        // Chosen in the side panel (a reload coming back to its conversation is not a choice).
        if (!quiet) record({ event: CHAT_EVENTS.conversationReopened, properties: { messages: bubbles.length } });
      } catch (error) {
        if (latest.current.state.sessionId !== sessionId) return;
        if (error instanceof ApiError && error.status === 404) remember(null);
        dispatch({ type: 'cleared', sessionId: null });
        if (!quiet) dispatch({ type: 'systemError', id: nextId('system'), message: OPEN_FAILED, at: now(), notes: reasonNotes(error) });
      }
    },
    [leave],
  );

  const open = useCallback((sessionId: string) => void load(sessionId, false), [load]);

  const newChat = useCallback(async () => {
    const { state: current } = latest.current;
    leave();
    const move = navigation.current;
    // An empty conversation is already a new chat: no second empty one is made.
    if (current.bubbles.length === 0) {
      dispatch({ type: 'cleared', sessionId: current.sessionId });
      return;
    }
    try {
      const { session } = await createConversation();
      latest.current.options.onSessionActive(session);
      record({ event: CHAT_EVENTS.sessionStarted, properties: { source: 'new_chat' } });
      // The reader opened another conversation while this one was being made: it is in the list, not on screen.
      if (navigation.current !== move) return;
      dispatch({ type: 'cleared', sessionId: session.id });
      remember(session.id);
    } catch (error) {
      if (navigation.current !== move) return;
      dispatch({ type: 'systemError', id: nextId('system'), message: NEW_CHAT_FAILED, at: now(), notes: reasonNotes(error) });
    }
  }, [leave]);

  const forget = useCallback(
    (sessionId: string) => {
      if (latest.current.state.sessionId !== sessionId) return;
      leave();
      remember(null);
      dispatch({ type: 'cleared', sessionId: null });
    },
    [leave],
  );

  // A reload comes back to the conversation that was open.
  const signedIn = options.signedIn;
  useEffect(() => {
    if (!signedIn) return;
    const sessionId = remembered();
    if (sessionId && latest.current.state.sessionId === null && latest.current.state.bubbles.length === 0) void load(sessionId, true);
  }, [signedIn, load]);

  // Esc stops an answer, wherever the focus is (a dialog handles its own Escape first).
  const answering = isAnswering(state);
  useEffect(() => {
    if (!answering) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) stop();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [answering, stop]);

  // Leaving the chat (another view, signing out) abandons the answer; the service keeps what was written.
  useEffect(() => () => running.current?.abort(), []);

  return {
    state,
    answering,
    regenerable: canRegenerate(state),
    send,
    retryText: retryTextOf(state),
    retry,
    stop,
    regenerate,
    open,
    newChat: () => void newChat(),
    forget,
  };
}
