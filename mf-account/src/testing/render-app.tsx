import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import AccountApp from '../App.tsx';

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders the remote at `path` under the same routes as the shell gives it. */
export function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/admin/*" element={<AccountApp page="admin" />} />
        <Route path="/account" element={<AccountApp page="account" />} />
        <Route path="/" element={<h1>Home page</h1>} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
}
