const pending = new Map<string, Promise<void>>();

/**
 * Adds a third-party script once per page and resolves when it has run. A failed load is forgotten, so a
 * later call tries again.
 */
export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      pending.delete(src);
      script.remove();
      reject(new Error(`Could not load ${new URL(src, location.href).origin}`));
    });
    document.head.append(script);
  });
  pending.set(src, loading);
  return loading;
}
