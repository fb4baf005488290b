import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashBoundary } from './crash-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

beforeEach(() => {
  // React and the boundary both log the crash; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('CrashBoundary', () => {
  it('renders its children while nothing is wrong', () => {
    render(
      <CrashBoundary>
        <p>fine</p>
      </CrashBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });

  it('shows the generic error screen and allows 3 retries, then says the maximum is reached', () => {
    render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Something went wrong' }));
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    for (let retry = 0; retry < 3; retry += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    }
    const exhausted = screen.getByRole('button', { name: 'Max Retries Reached' }) as HTMLButtonElement;
    expect(exhausted.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('renders the page afresh on Try Again', () => {
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('once');
      return <p>recovered</p>;
    }
    render(
      <CrashBoundary>
        <Flaky />
      </CrashBoundary>,
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('recovered')).toBeTruthy();
  });
});
