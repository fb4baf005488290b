import { apiRequest } from '@keisha/contracts';
import { PLANS_PATH, type ChatPlan, type PlansResponse } from '@keisha/contracts/billing';

/** GET /api/billing/plans, the chat's part: billing's catalogue is the one source of every price on the site. */
export async function getChatPlans(signal?: AbortSignal): Promise<ChatPlan[]> {
  const catalogue = await apiRequest<PlansResponse>(PLANS_PATH, { signal });
  const plans: unknown = (catalogue as Partial<PlansResponse> | null)?.chat?.plans;
  if (!Array.isArray(plans)) throw new Error('the plan catalogue has no chat plans');
  return plans as ChatPlan[];
}
