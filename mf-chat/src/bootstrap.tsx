import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { session } from '@keisha/store';
import '@keisha/ui/tokens.css';
import ChatApp from './App.tsx';

// Standalone dev page: the same paths and pages as the shell gives this remote ('/' as if signed in).
// In the site the shell restores the session at boot; here the page does (restore() runs once).
void session.restore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <main id="main">
        <Routes>
          <Route path="/" element={<ChatApp page="chat" />} />
          <Route path="/payment-success" element={<ChatApp page="payment-success" />} />
          <Route path="/payment-cancelled" element={<ChatApp page="payment-cancelled" />} />
          <Route path="*" element={<ChatApp page="chat" />} />
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
