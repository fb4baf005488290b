import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import '@keisha/ui/tokens.css';
import ChatApp from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<ChatApp page="chat" />} />
        <Route path="/:page" element={<ChatApp page="chat" />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
