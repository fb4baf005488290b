import { ADMIN_NEWSLETTER_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

/** DELETE a scheduled issue that has not gone out. */
export async function withdrawIssue(id: string): Promise<void> {
  await session.request<{ success: true }>(ADMIN_NEWSLETTER_PATHS.issue(id), { method: 'DELETE' });
}
