import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPage, type RemoteProps } from './remotes.ts';

function component(preload?: unknown) {
  const App = (_props: RemoteProps) => null;
  if (preload !== undefined) Object.assign(App, { preload });
  return App;
}

describe('preloadPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('awaits the remote’s preload for the page before the first render', async () => {
    const order: string[] = [];
    const App = component(async (page: string) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push(`loaded ${page}`);
    });
    await preloadPage(App, 'marketing', 'pricing');
    order.push('render');
    expect(order).toEqual(['loaded pricing', 'render']);
  });

  it('does nothing for a remote without preload, or with something else under that name', async () => {
    await expect(preloadPage(component(), 'decoder', 'decoder')).resolves.toBeUndefined();
    await expect(preloadPage(component('not a function'), 'decoder', 'decoder')).resolves.toBeUndefined();
  });

  it('logs a failed preload and lets the render go on (the remote or its boundary deals with the page)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const App = component(async () => {
      throw new Error('chunk 404');
    });
    await expect(preloadPage(App, 'marketing', 'faq')).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith('[keisha] remote "marketing" could not preload page "faq":', expect.any(Error));
  });
});
