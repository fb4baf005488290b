import { CHAT_PATHS } from '@keisha/contracts/chat';
import { session } from '@keisha/store';

/** GET /api/chat/sessions/:id/messages: the raw answer, read defensively by the transcript. */
export function fetchMessages(sessionId: string, signal?: AbortSignal): Promise<unknown> {
  return session.request<unknown>(CHAT_PATHS.messages(sessionId), signal ? { signal } : {});
}

/** POST /api/chat/sessions: New Chat (spec section 4: it creates a session). */
export function createConversation(): Promise<{ session: { id: string; title: string | null; created_at: string; updated_at: string } }> {
  return session.request(CHAT_PATHS.sessions, { method: 'POST', body: {} });
}
