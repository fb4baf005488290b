import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useKeisha } from '@keisha/store';
import { RemoteMount } from '../federation/remote-mount.tsx';
import { HOME, REMOTE_ROUTES } from './paths.ts';

function Home() {
  const signedIn = useKeisha((s) => s.auth.isAuthenticated);
  const target = signedIn ? HOME.signedIn : HOME.signedOut;
  return <RemoteMount key={target.remote} remote={target.remote} page={target.page} />;
}

export function App() {
  return (
    <BrowserRouter>
      <a className="k-visually-hidden" href="#main">
        Skip to content
      </a>
      <main id="main">
        <Routes>
          <Route path="/" element={<Home />} />
          {REMOTE_ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<RemoteMount key={route.path} remote={route.remote} page={route.page} />}
            />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}
