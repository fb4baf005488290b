import { CHAT_PATHS, type SearchResponse, type SessionListResponse, type SessionResponse } from '@keisha/contracts/chat';
import { session } from '@keisha/store';

export const SESSION_PAGE_SIZE = 50;

/** GET /api/chat/sessions: my conversations, newest activity first. */
export function listSessions(page: number, signal?: AbortSignal): Promise<SessionListResponse> {
  const query = new URLSearchParams({ page: String(page), page_size: String(SESSION_PAGE_SIZE) });
  return session.request<SessionListResponse>(`${CHAT_PATHS.sessions}?${query.toString()}`, signal ? { signal } : {});
}

/** PATCH /api/chat/sessions/:id: rename. */
export function renameSession(id: string, title: string): Promise<SessionResponse> {
  return session.request<SessionResponse>(CHAT_PATHS.session(id), { method: 'PATCH', body: { title } });
}

/** DELETE /api/chat/sessions/:id: the conversation and its messages. */
export async function deleteSession(id: string): Promise<void> {
  await session.request(CHAT_PATHS.session(id), { method: 'DELETE' });
}

/** GET /api/chat/search?q=: titles and messages of my conversations. */
export function searchConversations(query: string, signal?: AbortSignal): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: query, limit: '20' });
  return session.request<SearchResponse>(`${CHAT_PATHS.search}?${params.toString()}`, signal ? { signal } : {});
}
