// First, before anything can load Zod.
import './lib/noEval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './index.css';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole page at once, so a slow phone stays responsive while the page builds.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
