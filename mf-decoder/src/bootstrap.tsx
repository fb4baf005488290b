import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { session } from '@keisha/store';
import '@keisha/ui/tokens.css';
import DecoderApp from './App.tsx';

// Standalone dev page: the same paths and pages as the shell gives this remote. In the site the shell
// restores the session at boot; here the page does it (restore() runs once however often it is asked).
void session.restore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <main id="main">
        <Routes>
          <Route path="/bias-detection" element={<DecoderApp page="decoder" />} />
          <Route path="/microfrag" element={<DecoderApp page="decoder" />} />
          <Route path="/payment/success" element={<DecoderApp page="payment-success" />} />
          <Route path="/payment/cancel" element={<DecoderApp page="payment-cancel" />} />
          <Route path="*" element={<DecoderApp page="decoder" />} />
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
