import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Loading } from '../components/loading.tsx';
import { paths, adminRoutes } from '../config/paths.ts';
import { DemoRequestsPage } from '../features/admin-demo-requests/components/demo-requests-page.tsx';
import { AccessDeniedPage } from '../features/admin-auth/components/access-denied-page.tsx';
import { AdminSignInPage } from '../features/admin-auth/components/admin-sign-in-page.tsx';
import { OutboxPage } from '../features/admin-outbox/components/outbox-page.tsx';
import { NewsletterPage } from '../features/admin-newsletter/components/newsletter-page.tsx';
import { ManualPaymentsPage } from '../features/admin-payments/components/manual-payments-page.tsx';
import { adminGate } from '../features/admin-auth/domain/admin-gate.ts';
import { SupportPage } from '../features/admin-support/components/support-page.tsx';
import { UsersPage } from '../features/admin-users/components/users-page.tsx';
import { WaitlistPage } from '../features/admin-waitlist/components/waitlist-page.tsx';
import { useSiteAuth } from '../lib/use-site-auth.ts';
import { AdminConsoleLayout } from './admin-console-layout.tsx';

// The analytics page and its charting library are a chunk of their own: the other pages never load them.
const AnalyticsPage = lazy(() => import('../features/admin-analytics/components/analytics-page.tsx').then((m) => ({ default: m.AnalyticsPage })));

/**
 * /admin/*: the sign-in form, a 403 for non-admins, or the console. The shell's route is '/admin/*',
 * so the console's own routes are relative to it.
 */
export function AdminArea() {
  const auth = useSiteAuth();
  const gate = adminGate(auth);
  if (gate === 'restoring') return <Loading />;
  if (gate === 'sign-in') return <AdminSignInPage />;
  if (gate === 'access-denied') return <AccessDeniedPage email={auth.user?.email ?? ''} />;
  return (
    <Routes>
      <Route element={<AdminConsoleLayout email={auth.user?.email ?? ''} />}>
        <Route index element={<UsersPage />} />
        <Route path={adminRoutes.waitlist} element={<WaitlistPage />} />
        <Route path={adminRoutes.demoRequests} element={<DemoRequestsPage />} />
        <Route path={adminRoutes.payments} element={<ManualPaymentsPage />} />
        <Route path={adminRoutes.outbox} element={<OutboxPage />} />
        <Route path={adminRoutes.newsletter} element={<NewsletterPage />} />
        <Route path={adminRoutes.support} element={<SupportPage />} />
        <Route
          path={adminRoutes.analytics}
          element={
            <Suspense fallback={<Loading label="Loading analytics..." />}>
              <AnalyticsPage />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to={paths.admin.users} replace />} />
      </Route>
    </Routes>
  );
}
