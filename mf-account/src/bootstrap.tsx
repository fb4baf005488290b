import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import '@keisha/ui/tokens.css';
import AccountApp from './App.tsx';

// Standalone dev page: the same paths and pages as the shell gives this remote.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <main id="main">
        <Routes>
          <Route path="/admin/*" element={<AccountApp page="admin" />} />
          <Route path="/account" element={<AccountApp page="account" />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
