import { AdminArea } from './app/admin-area.tsx';
import { PageFrame } from './components/page-frame.tsx';
import { AccountPage } from './features/account/components/account-page.tsx';

/** The account remote: the admin area (/admin/*) and the reader's account page (/account). */
export default function AccountApp({ page }: { page: string }) {
  return <PageFrame>{page === 'admin' ? <AdminArea /> : <AccountPage />}</PageFrame>;
}
