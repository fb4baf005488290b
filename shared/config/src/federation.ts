// The one list of modules shared as singletons by the shell and every remote.
// Two copies of React break hooks, and two copies of @keisha/store split the session and the theme,
// so all of these are singletons resolved from whichever app loads first.
export interface SharedVersions {
  react: string;
  reactDom: string;
  reactRouterDom: string;
  zustand: string;
  store: string;
  ui: string;
  contracts: string;
  zod: string;
}

export function sharedSingletons(v: SharedVersions) {
  const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(v.react),
    'react/': singleton(v.react),
    'react-dom': singleton(v.reactDom),
    'react-dom/': singleton(v.reactDom),
    'react-router-dom': singleton(v.reactRouterDom),
    zustand: singleton(v.zustand),
    'zustand/': singleton(v.zustand),
    zod: singleton(v.zod),
    '@keisha/store': singleton(v.store),
    '@keisha/ui': singleton(v.ui),
    '@keisha/contracts': singleton(v.contracts),
  };
}
