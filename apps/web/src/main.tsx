// First, before anything can load Zod.
import './lib/noEval';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { AppRoutes, loadCodeFor, prefetchFirstPage } from './app/router';
import { configQuery, meQuery } from './features/auth/api';
import { readAppState } from './app/appState';
import { loadCatalogue, localeOfTag, setPageLocale } from '@furniture-mart/shared';
import './index.css';

// The page's language is the one the server sent it in (<html lang>); its messages arrive before the
// first render, so the app speaks it from the start (switching language loads the page again).
const locale = localeOfTag(document.documentElement.lang) ?? 'en';
await loadCatalogue(locale);
setPageLocale(locale);

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
prefetchFirstPage(queryClient, window.location);

if (rendered) {
  // Hydration must render what the server rendered, so the page's own code is loaded first.
  await loadCodeFor(window.location.pathname);
  startTransition(() => {
    hydrateRoot(container, app());
  });
} else {
  // Who is signed in is asked at once, while the page's code is still on its way (a prefetch never
  // throws; the header and the guards see its outcome).
  void queryClient.prefetchQuery(meQuery);
  const root = createRoot(container);
  startTransition(() => root.render(app()));
}

function app() {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}
