import { Route } from 'react-router-dom';
import { renderStandalone } from '@keisha/ui/standalone';
import ChatApp from './App.tsx';

// Standalone dev page: '/' as if signed in.
renderStandalone(
  <>
    <Route path="/" element={<ChatApp page="chat" />} />
    <Route path="/payment-success" element={<ChatApp page="payment-success" />} />
    <Route path="/payment-cancelled" element={<ChatApp page="payment-cancelled" />} />
    <Route path="*" element={<ChatApp page="chat" />} />
  </>,
);
