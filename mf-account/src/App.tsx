import { PageFrame } from './components/page-frame.tsx';
import { AccountPage } from './features/account/components/account-page.tsx';
import { AdminSignInPage } from './features/admin-auth/components/admin-sign-in-page.tsx';

/** The account remote: the admin sign-in (/admin/*) and the reader's account page (/account). */
export default function AccountApp({ page }: { page: string }) {
  return <PageFrame>{page === 'admin' ? <AdminSignInPage /> : <AccountPage />}</PageFrame>;
}
