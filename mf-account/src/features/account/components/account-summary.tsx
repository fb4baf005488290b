import type { SubscriptionView } from '@keisha/contracts/billing';
import type { SiteUser } from '@keisha/store';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { formatDate, MISSING_VALUE } from '../../../lib/format.ts';
import { planSummary } from '../../../lib/plan.ts';
import { useRemoteData, type RemoteDataHandle } from '../../../lib/use-remote-data.ts';
import { getMe } from '../api/get-me.ts';
import { getOwnPlan, OWN_ENTITLEMENT_PATH } from '../api/get-own-plan.ts';
import { PlanDetails } from './plan-section.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { AccountSection } from './account-section.tsx';
import styles from './account-page.module.css';

/** Who is signed in, on which plan, since when. A plan billing cannot give shows as '—'. */
export function AccountSummary({ user, headingId, purchases }: { user: SiteUser; headingId: string; purchases: RemoteDataHandle<SubscriptionView[]> }) {
  const me = useRemoteData(`me:${user.id}`, getMe);
  const plan = useRemoteData(`${OWN_ENTITLEMENT_PATH}:${user.id}`, getOwnPlan);
  const account = me.state.status === 'ready' ? me.state.data : null;
  const entitlement = plan.state.status === 'ready' ? plan.state.data : null;
  const isAdmin = (account?.role ?? user.role) === 'admin';

  return (
    <AccountSection headingId={headingId} title="Account">
      <dl className={styles.details}>
        <dt>Email</dt>
        <dd>
          <EmailAddress>{account?.email ?? user.email}</EmailAddress>
        </dd>
        <dt>Plan</dt>
        <dd>
          {plan.state.status === 'loading' ? 'Loading…' : planSummary(entitlement)}
          <PlanDetails userId={user.id} purchases={purchases} />
        </dd>
        <dt>Member since</dt>
        <dd>{account ? formatDate(account.created_at) : me.state.status === 'loading' ? 'Loading…' : MISSING_VALUE}</dd>
        {isAdmin && (
          <>
            <dt>Role</dt>
            <dd>
              Administrator · <Link to={paths.admin.users}>Open the admin console</Link>
            </dd>
          </>
        )}
      </dl>
    </AccountSection>
  );
}
