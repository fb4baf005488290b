import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionPanel } from './connection-panel.tsx';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => setOnline(true));

describe('ConnectionPanel', () => {
  it("follows the browser's online and offline events", () => {
    render(<ConnectionPanel onRetry={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('You are online');
    setOnline(false);
    expect(screen.getByRole('status').textContent).toBe('You are offline');
    setOnline(true);
    expect(screen.getByRole('status').textContent).toBe('You are online');
  });

  it("runs the analysis again from 'Try Again' and lists tips", () => {
    const retry = vi.fn();
    render(<ConnectionPanel onRetry={retry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('list', { name: 'Tips' }).children.length).toBe(3);
  });

  it('says offline without testing when the browser is offline', async () => {
    render(<ConnectionPanel onRetry={() => undefined} />);
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText(/^You are offline\. Check your Wi-Fi/)).toBeTruthy();
  });

  it('tests the connection for real and says when the server cannot be reached', async () => {
    // The test page's origin (keisha.invalid) never resolves: a true connection failure.
    render(<ConnectionPanel onRetry={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(screen.getByRole('button', { name: 'Testing...' }).getAttribute('aria-disabled')).toBe('true');
    expect(await screen.findByText(/^Could not reach the Keisha server/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test Connection' })).toBeTruthy();
  });

  it('is announced when it appears: a region named by its heading, its message an alert', () => {
    render(<ConnectionPanel onRetry={() => undefined} />);
    const panel = screen.getByRole('region', { name: 'Connection problem' });
    expect(panel).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('We could not reach the analysis service, so your article has not been analysed.');
  });

  it('clears the stale offline result when the browser comes back online', async () => {
    render(<ConnectionPanel onRetry={() => undefined} />);
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText(/^You are offline\. Check your Wi-Fi/)).toBeTruthy();
    setOnline(true);
    expect(screen.getByRole('status').textContent).toBe('You are online');
    expect(screen.queryByText(/^You are offline\. Check your Wi-Fi/)).toBeNull();
  });
});
