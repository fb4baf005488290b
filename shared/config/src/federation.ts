// The one list of modules shared as singletons by the shell and every remote.
// Two copies of React break hooks, two routers lose the host's location, and two copies of
// @keisha/store split the session and the theme, so all of these are singletons resolved from
// whichever app loads first. A shared package is bundled whole (it cannot be tree-shaken, since
// another app may use any export), so stateless libraries stay out of this list: each app bundles
// only what it uses of them. That is why browsers use the zod-free entries of @keisha/contracts.
export interface SharedVersions {
  react: string;
  reactDom: string;
  reactRouterDom: string;
  /** The version the apps provide: their router is a subset module of ours (router.ts), not the package itself. */
  reactRouterDomProvided?: string;
  zustand: string;
  store: string;
  ui: string;
}

export function sharedSingletons(v: SharedVersions) {
  const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(v.react),
    'react/': singleton(v.react),
    'react-dom': singleton(v.reactDom),
    'react-dom/': singleton(v.reactDom),
    'react-router-dom': { ...singleton(v.reactRouterDom), ...(v.reactRouterDomProvided ? { version: v.reactRouterDomProvided } : {}) },
    zustand: singleton(v.zustand),
    'zustand/': singleton(v.zustand),
    '@keisha/store': singleton(v.store),
    '@keisha/ui': singleton(v.ui),
  };
}
