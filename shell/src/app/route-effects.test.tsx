// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FocusOnNavigate } from './route-effects.tsx';

/** A page whose heading arrives late, the way a remote renders after it has loaded. */
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 40);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Pricing</h1> : <p>Loading...</p>;
}

function Nav() {
  return (
    <nav>
      <Link to="/">Home</Link>
      <Link to="/pricing">Pricing</Link>
      <Link to="/plain">Plain</Link>
      <Link to="/?tab=2#faq">Same page</Link>
      <Link to="/plain#waitlist">Plain waitlist</Link>
    </nav>
  );
}

function renderSite(waitMs = 200) {
  return render(
    <MemoryRouter initialEntries={['/']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Nav />
      <main id="main">
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          <Route path="/pricing" element={<LatePage />} />
          <Route
            path="/plain"
            element={
              <>
                <p>No heading here</p>
                <section id="waitlist" aria-label="Waitlist" />
              </>
            }
          />
        </Routes>
      </main>
      <FocusOnNavigate waitMs={waitMs} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('FocusOnNavigate', () => {
  it('leaves focus alone on the first load', () => {
    renderSite();
    expect(document.activeElement).toBe(document.body);
  });

  it("moves focus to the new page's h1 once the page renders it", async () => {
    renderSite();
    const link = screen.getByRole('link', { name: 'Pricing' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('does not move focus when only the query or the hash changes', async () => {
    renderSite();
    const link = screen.getByRole('link', { name: 'Same page' });
    link.focus();
    fireEvent.click(link);
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(document.activeElement).toBe(link);
  });

  it('focuses the main landmark and announces the title when the page has no h1', async () => {
    document.title = 'Keisha | Plain';
    renderSite(60);
    const link = screen.getByRole('link', { name: 'Plain' });
    link.focus();
    fireEvent.click(link);
    const main = screen.getByRole('main');
    // The focus moves in the timer itself; the announcement is a state update React renders just after it, so
    // both are awaited (on a loaded machine the render came after the focus check and the text was still empty).
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(main);
      expect(screen.getByRole('status').textContent).toBe('Keisha | Plain');
    });
    expect(main.getAttribute('tabindex')).toBe('-1');
  });

  it('lands on the place a link names in the new page', async () => {
    renderSite();
    fireEvent.click(screen.getByRole('link', { name: 'Plain waitlist' }));
    const waitlist = await screen.findByRole('region', { name: 'Waitlist' });
    await vi.waitFor(() => expect(document.activeElement).toBe(waitlist));
  });

  it('keeps focus where the new page put it itself', async () => {
    function Autofocus() {
      return (
        <>
          <h1>Form</h1>
          <input aria-label="Field" autoFocus />
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Link to="/form">Form</Link>
        <main id="main">
          <Routes>
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/form" element={<Autofocus />} />
          </Routes>
        </main>
        <FocusOnNavigate />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Form' }));
    const field = await screen.findByRole('textbox', { name: 'Field' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).toBe(field);
  });
});
