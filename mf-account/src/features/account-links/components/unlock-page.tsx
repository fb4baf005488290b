import { useLocation } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { signInWithLink } from '../api/account-links.ts';
import { unlockNextFrom } from '../domain/link-page.ts';
import { LinkActionButton, useLinkAction } from './link-action.tsx';

/**
 * /unlock?token=…&next=…: a one-time sign-in link. A button, so a mail scanner that opens the link neither
 * uses it up nor signs itself in; then a full load of the next page, which restores the new session.
 */
export function UnlockPage() {
  const { search } = useLocation();
  const next = unlockNextFrom(search);
  const signIn = useLinkAction(async (token) => {
    await signInWithLink(token);
    window.location.assign(next);
    return undefined;
  });

  return (
    <Card title="Sign in with your link" lead="This one-time link signs you in on this device, even while sign-ins from unknown networks are held back.">
      <LinkActionButton action={signIn} label="Sign me in" busyLabel="Signing In..." />
    </Card>
  );
}
