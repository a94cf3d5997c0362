// First, before anything can load Zod.
import './lib/noEval';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { createAppRouter, createRoutes } from './app/router';
import { configQuery, meQuery } from './features/auth/api';
import { readAppState } from './app/appState';
import './index.css';

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// Pages the page table (app/pages.tsx) renders ahead or per request arrive rendered, with the data
// they were rendered with (src/serverRender.tsx), who is signed in included.
const rendered = readAppState();
if (rendered) hydrate(queryClient, rendered.queries);
// Prices are shown in the server's currency, so its configuration is asked for at once (unless the
// page arrived with it).
void queryClient.prefetchQuery(configQuery);

if (rendered) {
  // Hydration must render what the server rendered, so the page's own code is loaded first.
  const routes = createRoutes(queryClient);
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  const router = createAppRouter(queryClient, routes, { loaderData: rendered.loaderData });
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
} else {
  // Who is signed in is asked at once, while the page's code is still on its way (a prefetch never
  // throws; the header and the guards see its outcome).
  void queryClient.prefetchQuery(meQuery);
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
