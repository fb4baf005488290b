import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import '@keisha/ui/tokens.css';
import AccountApp from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<AccountApp page="account" />} />
        <Route path="/:page" element={<AccountApp page="account" />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
