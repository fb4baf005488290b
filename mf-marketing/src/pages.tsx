// The marketing pages, each but the landing page in a chunk of its own: a reader of `/` downloads and runs
// only the landing page's code. The shell awaits `preloadPage` (exposed as the App's `preload`) before the
// remote's first render, so a page arrives in one commit; the App's `use` covers a page asked for directly.
// Chunks are named `page-<name>`: the build-time prerender gives each page only its own page's stylesheet.
import { useKeisha } from '@keisha/store';
import { type ComponentType } from 'react';
import { LandingPage } from './features/landing/components/landing-page.tsx';
import { WaitlistForm } from './features/waitlist/components/waitlist-form.tsx';

type PageComponent = ComponentType;

function Landing() {
  return <LandingPage waitlistForm={<WaitlistForm />} />;
}

const LOADERS: Record<string, () => Promise<PageComponent>> = {
  pricing: () => import(/* webpackChunkName: "page-pricing" */ './features/pricing/components/pricing-page.tsx').then((m) => m.PricingPage),
  'thank-you': () => import(/* webpackChunkName: "page-thank-you" */ './features/thank-you/components/thank-you-page.tsx').then((m) => m.ThankYouPage),
  faq: () =>
    import(/* webpackChunkName: "page-faq" */ './features/faq/components/faq-page.tsx').then(({ FaqPage }) => {
      // A signed-in reader joins the waitlist on the FAQ itself, their address filled in.
      return function Faq() {
        const email = useKeisha((s) => s.auth.user?.email ?? '');
        return <FaqPage waitlistForm={<WaitlistForm initialEmail={email} />} />;
      };
    }),
  knn: () => import(/* webpackChunkName: "page-knn" */ './features/knn/components/knn-page.tsx').then((m) => m.KnnPage),
  about: () => import(/* webpackChunkName: "page-about" */ './features/about/components/about-page.tsx').then((m) => m.AboutPage),
  developers: () => import(/* webpackChunkName: "page-developers" */ './features/developers/components/developers-page.tsx').then((m) => m.DevelopersPage),
};

const loaded = new Map<string, PageComponent>([['landing', Landing]]);
const pending = new Map<string, Promise<PageComponent>>();

/** The page a name stands for: an unknown name is the landing page. */
function pageKey(page: string): string {
  return Object.hasOwn(LOADERS, page) ? page : 'landing';
}

/** The page's component if its code is here already. */
export function loadedPage(page: string): PageComponent | undefined {
  return loaded.get(pageKey(page));
}

/** Loads a page's code once; a failed load is forgotten, so asking again fetches again. */
export function pageModule(page: string): Promise<PageComponent> {
  const key = pageKey(page);
  const ready = loaded.get(key);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(key);
  if (!promise) {
    promise = LOADERS[key]!().then(
      (component) => {
        loaded.set(key, component);
        pending.delete(key);
        return component;
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

export async function preloadPage(page: string): Promise<void> {
  await pageModule(page);
}
