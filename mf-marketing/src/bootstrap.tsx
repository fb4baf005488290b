import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import '@keisha/ui/tokens.css';
import MarketingApp from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<MarketingApp page="landing" />} />
        <Route path="/:page" element={<MarketingApp page="landing" />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
