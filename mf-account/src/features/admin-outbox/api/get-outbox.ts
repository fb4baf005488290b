import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { outboxPath, type AdminOutboxResponse, type OutboxCount, type OutboxMessage, type OutboxStatus } from '../domain/outbox.ts';

/** GET identity's mail outbox, one page, of one status or of all (admins only). */
export function getOutbox(page: number, status: OutboxStatus | undefined, signal?: AbortSignal, pageSize?: number): Promise<AdminOutboxResponse> {
  return session.request<AdminOutboxResponse>(outboxPath(page, status, pageSize), signal ? { signal } : {});
}

/** How many messages have the status, as far as identity counts (one row asked for, its total read). */
export async function countOutbox(status: OutboxStatus, signal?: AbortSignal): Promise<OutboxCount> {
  const answer = await getOutbox(1, status, signal, 1);
  return { count: answer.total, capped: answer.total_capped === true };
}

/** POST: queue a failed message again (identity answers 409 unless it failed and its text is kept). */
export async function sendOutboxMessageAgain(id: string): Promise<OutboxMessage> {
  return (await session.request<{ success: true; message: OutboxMessage }>(ADMIN_PATHS.outboxRetry(id), { method: 'POST', body: {} })).message;
}
