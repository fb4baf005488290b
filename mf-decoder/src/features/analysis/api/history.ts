import { HISTORY_PATHS, type HistoryItemResponse, type HistoryListResponse } from '@keisha/contracts/decoder';
import { session } from '@keisha/store';

const PAGE_SIZE = 10;

/** GET /api/decoder/history: the signed-in reader's analyses, newest first. */
export function listHistory(page: number, signal?: AbortSignal): Promise<HistoryListResponse> {
  const query = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
  return session.request<HistoryListResponse>(`${HISTORY_PATHS.list}?${query.toString()}`, signal ? { signal } : {});
}

/** GET /api/decoder/history/:id: one analysis, with its text, to reopen. */
export function getHistoryItem(id: string): Promise<HistoryItemResponse> {
  return session.request<HistoryItemResponse>(HISTORY_PATHS.item(id));
}

/** DELETE /api/decoder/history/:id. */
export async function deleteHistoryItem(id: string): Promise<void> {
  await session.request(HISTORY_PATHS.item(id), { method: 'DELETE' });
}
