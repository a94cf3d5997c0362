// First, before anything can load Zod.
import './lib/noEval';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { createAppRouter, createRoutes } from './app/router';
import { authKeys, meQuery } from './features/auth/api';
import { mayBeSignedIn } from './lib/sessionHint';
import './index.css';

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The server sends login and sign-up already rendered to visitors (src/prerender.tsx).
const prerendered = container.firstElementChild !== null;

if (prerendered && !mayBeSignedIn()) {
  // What the page was rendered with: nobody signed in.
  queryClient.setQueryData(authKeys.me, null);
} else {
  // Who is signed in is asked at once, while the page's code is still on its way (a prefetch never
  // throws; the header and the guards see its outcome).
  void queryClient.prefetchQuery(meQuery);
}

if (prerendered) {
  // Hydration must render what the server rendered, so the page's own code is loaded first.
  const routes = createRoutes(queryClient);
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  startTransition(() => {
    hydrateRoot(container, app(createAppRouter(queryClient, routes)));
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app(createAppRouter(queryClient))));
}

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
