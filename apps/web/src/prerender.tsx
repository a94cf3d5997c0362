/**
 * Build-time rendering of the pages that look the same for every visitor (login, sign-up), so the
 * browser can paint them before any script has run. `scripts/prerender.mjs` calls render() once per
 * address after the build; the server sends the result to visitors (not to someone signed in, whose
 * header differs) and main.tsx hydrates it.
 */
import './lib/noEval';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { createRoutes } from './app/router';
import { authKeys } from './features/auth/api';

/** The addresses rendered at build time; the server reads the same list from the files written. */
export const prerenderedPaths = ['/login', '/signup'] as const;

export async function render(pathname: string): Promise<string> {
  const queryClient = createQueryClient();
  // As a visitor sees it: nobody signed in.
  queryClient.setQueryData(authKeys.me, null);
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} when prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  // The cache's clean-up timers would keep the build's process alive for minutes.
  queryClient.clear();
  return html;
}
