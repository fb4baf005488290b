import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import '@keisha/ui/tokens.css';
import DecoderApp from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<DecoderApp page="decoder" />} />
        <Route path="/:page" element={<DecoderApp page="decoder" />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
