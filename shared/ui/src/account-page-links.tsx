import type { ComponentType, ReactNode } from 'react';

/** The shell's pages of a signed-in account: the account page and the public API's documentation (issue 28). */
export const ACCOUNT_PAGE_LINKS = [
  { label: 'Account', to: '/account' },
  { label: 'API', to: '/developers' },
] as const;

export interface AccountPageLinksProps {
  /** The remote's router link (react-router-dom's Link): @keisha/ui itself depends on no router. */
  link: ComponentType<{ to: string; className?: string; children?: ReactNode }>;
  /** Each link's classes (the remotes give buttonStyles.navLink and a class of their own). */
  className: string;
}

/** A remote header's links to the account's pages, side by side in whatever bar or nav holds them. */
export function AccountPageLinks({ link: RouterLink, className }: AccountPageLinksProps) {
  return (
    <>
      {ACCOUNT_PAGE_LINKS.map(({ label, to }) => (
        <RouterLink key={to} className={className} to={to}>
          {label}
        </RouterLink>
      ))}
    </>
  );
}
