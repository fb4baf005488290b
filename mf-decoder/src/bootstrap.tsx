import { Route } from 'react-router-dom';
import { renderStandalone } from '@keisha/ui/standalone';
import DecoderApp from './App.tsx';

renderStandalone(
  <>
    <Route path="/bias-detection" element={<DecoderApp page="decoder" />} />
    <Route path="/microfrag" element={<DecoderApp page="decoder" />} />
    <Route path="/payment/success" element={<DecoderApp page="payment-success" />} />
    <Route path="/payment/cancel" element={<DecoderApp page="payment-cancel" />} />
    <Route path="*" element={<DecoderApp page="decoder" />} />
  </>,
);
