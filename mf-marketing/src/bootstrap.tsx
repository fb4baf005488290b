import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { session } from '@keisha/store';
import '@keisha/ui/tokens.css';
import MarketingApp from './App.tsx';

// The standalone dev page: the same paths the shell maps to this remote, and nothing else.
// In the site the shell restores the session at boot; here the page does (restore() runs once).
void session.restore();

const STANDALONE_ROUTES = [
  { path: '/', page: 'landing' },
  { path: '/pricing', page: 'pricing' },
  { path: '/thank-you', page: 'thank-you' },
  { path: '/faq', page: 'faq' },
  { path: '/knn', page: 'knn' },
  { path: '/about', page: 'about' },
];

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        {STANDALONE_ROUTES.map(({ path, page }) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={null}>
                <MarketingApp key={page} page={page} />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
