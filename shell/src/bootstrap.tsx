import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from '@keisha/store';
import { App } from './app/App.tsx';
import { fetchRegistry } from './federation/registry.ts';
import { initRemotes } from './federation/remotes.ts';

async function main() {
  // The session is restored alongside the registry; `/` waits for it to choose landing or chat.
  void session.restore();
  const registry = await fetchRegistry();
  for (const problem of registry.problems) console.error(`[keisha] ${problem}`);
  initRemotes(registry);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const reactRoot = createRoot(root);
  // A transition renders in slices of a few milliseconds, so the first render never holds the main thread
  // for long; the prerendered page (or nothing) stays on screen until it commits.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void main();
