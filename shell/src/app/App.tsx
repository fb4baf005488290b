import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useKeisha } from '@keisha/store';
import { hasPrerendered } from '../federation/prerendered.ts';
import { RemoteMount, LoadingState } from '../federation/remote-mount.tsx';
import type { RemoteName } from '../federation/registry.ts';
import { DocumentPolicyBoundary } from './document-policy.ts';
import { HOME, REMOTE_ROUTES } from './paths.ts';
import { usePageViews } from './page-views.ts';
import { FocusOnNavigate, ScrollToTop, useDocumentTitle } from './route-effects.tsx';

function Page({ remote, page, title }: { remote: RemoteName; page: string; title: string }) {
  useDocumentTitle(title);
  return <RemoteMount remote={remote} page={page} />;
}

function Home() {
  // A sign-in identity could not confirm just now is still a sign-in: the chat says why it waits, where the
  // landing page would tell the reader they are signed out.
  const signedIn = useKeisha((s) => s.auth.isAuthenticated || s.auth.unconfirmed !== null);
  const restored = useKeisha((s) => s.auth.sessionRestored);
  if (!restored) {
    if (hasPrerendered()) return null; // the prerendered landing page shows meanwhile
    // Visible: a signed-in reader's prerendered landing page is taken away before first paint (it is not their
    // page), so without it they would look at a blank page until the session is back (spec section 4).
    return <LoadingState />;
  }
  const target = signedIn ? HOME.signedIn : HOME.signedOut;
  return <Page key={target.remote} {...target} />;
}

function PageViews() {
  usePageViews();
  return null;
}

export function App() {
  return (
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <DocumentPolicyBoundary>
        <ScrollToTop />
        <PageViews />
        <a className="k-visually-hidden" href="#main">
          Skip to content
        </a>
        <main id="main">
          <Routes>
            <Route path="/" element={<Home />} />
            {REMOTE_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={<Page key={route.path} {...route} />} />
            ))}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </main>
        <FocusOnNavigate />
      </DocumentPolicyBoundary>
    </BrowserRouter>
  );
}
