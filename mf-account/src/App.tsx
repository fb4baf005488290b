import type { ComponentType } from 'react';
import { AdminArea } from './app/admin-area.tsx';
import { PageFrame } from './components/page-frame.tsx';
import { AccountPage } from './features/account/components/account-page.tsx';
import { ConfirmEmailChangePage } from './features/account-links/components/confirm-email-change-page.tsx';
import { ResetPasswordPage } from './features/account-links/components/reset-password-page.tsx';
import { UnlockPage } from './features/account-links/components/unlock-page.tsx';
import { VerifyEmailPage } from './features/account-links/components/verify-email-page.tsx';

/** The pages the links in our messages open. */
const LINK_PAGES: Partial<Record<string, ComponentType>> = {
  'verify-email': VerifyEmailPage,
  'reset-password': ResetPasswordPage,
  'confirm-email-change': ConfirmEmailChangePage,
  unlock: UnlockPage,
};

/** The account remote: the admin area (/admin/*), the reader's account page (/account) and the pages of mailed links. */
export default function AccountApp({ page }: { page: string }) {
  const LinkPage = LINK_PAGES[page];
  return <PageFrame>{page === 'admin' ? <AdminArea /> : LinkPage ? <LinkPage /> : <AccountPage />}</PageFrame>;
}
