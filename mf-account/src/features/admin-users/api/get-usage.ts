import { CHAT_PATHS, type AdminUsageResponse as ChatAdminUsageResponse } from '@keisha/contracts/chat';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { session } from '@keisha/store';
import { pathWithQuery } from '../../../lib/query-string.ts';
import { mergeUsage, type DailyUsage } from '../domain/user-display.ts';

export interface DecoderAdminUsageResponse {
  success: true;
  usage: Record<string, { decoder_today: number; chat_today: number | null }>;
}

function usageOf<T>(userIds: readonly string[], path: string, signal?: AbortSignal): Promise<T> {
  return session.request<T>(pathWithQuery(path, { user_ids: userIds }), signal ? { signal } : {});
}

/**
 * Today's analyses (decoder service) and chat messages (chat service) of the listed users, by user id. One
 * service failing leaves its figure unknown; both failing is a failure.
 */
export async function getUsage(userIds: readonly string[], signal?: AbortSignal): Promise<Record<string, DailyUsage>> {
  const [decoder, chat] = await Promise.allSettled([
    usageOf<DecoderAdminUsageResponse>(userIds, DECODER_PATHS.adminUsage, signal),
    usageOf<ChatAdminUsageResponse>(userIds, CHAT_PATHS.adminUsage, signal),
  ]);
  if (decoder.status === 'rejected' && chat.status === 'rejected') throw decoder.reason;
  return mergeUsage(
    userIds,
    decoder.status === 'fulfilled' ? (decoder.value?.usage ?? null) : null,
    chat.status === 'fulfilled' ? (chat.value?.usage ?? null) : null,
  );
}
