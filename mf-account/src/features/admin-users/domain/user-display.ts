import type { Role } from '@keisha/contracts/identity';
import { MISSING_VALUE } from '../../../lib/format.ts';

/** Today's usage of one account: analyses from the decoder service, messages from the chat service. */
export interface DailyUsage {
  decoder_today: number | null;
  chat_today: number | null;
}

type Counts = Record<string, { decoder_today?: number | null; chat_today?: number | null } | undefined>;

/**
 * One usage per account from the two services' admin answers: analyses from the decoder, messages from
 * the chat service (the decoder's own chat figure only where the chat service did not answer). A service
 * that failed is null and its column stays unknown.
 */
export function mergeUsage(userIds: readonly string[], decoder: Counts | null, chat: Counts | null): Record<string, DailyUsage> {
  const merged: Record<string, DailyUsage> = {};
  for (const id of userIds) {
    const fromDecoder = decoder?.[id];
    const fromChat = chat?.[id];
    if (!fromDecoder && !fromChat) continue;
    merged[id] = {
      decoder_today: fromDecoder?.decoder_today ?? null,
      chat_today: fromChat?.chat_today ?? fromDecoder?.chat_today ?? null,
    };
  }
  return merged;
}

export function roleLabel(role: Role): string {
  return role === 'admin' ? 'Admin' : 'User';
}

export function statusLabel(disabled: boolean): 'Active' | 'Disabled' {
  return disabled ? 'Disabled' : 'Active';
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** 'Decoder 2 · Chat 5' (analyses and messages today), or '—' when the service did not say. */
export function usageSummary(usage: DailyUsage | null | undefined): string {
  if (!usage) return MISSING_VALUE;
  const parts = [
    isCount(usage.decoder_today) && `Decoder ${usage.decoder_today}`,
    isCount(usage.chat_today) && `Chat ${usage.chat_today}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : MISSING_VALUE;
}

/** How many users a list or a search found: '57 users', '1 user matches “ann”'. */
export function usersFoundLabel(total: number, query: string): string {
  const count = total.toLocaleString('en-US');
  if (!query) return `${count} ${total === 1 ? 'user' : 'users'}`;
  return `${count} ${total === 1 ? 'user matches' : 'users match'} “${query}”`;
}
