import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes } from 'react-router-dom';
import { session } from '@keisha/store';
import './tokens.css';

/**
 * A remote's standalone dev page: its routes (the same paths and pages as the shell gives it) in a router,
 * in the page's #root. In the site the shell restores the session at boot; here the page does (restore()
 * runs once however often it is asked). Not part of the shared singleton: only a remote's own bootstrap uses it.
 */
export function renderStandalone(routes: ReactNode): void {
  void session.restore();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <main id="main">
          <Routes>{routes}</Routes>
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
