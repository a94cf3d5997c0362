// First, before anything can load Zod.
import './lib/noEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { meQuery } from './features/auth/api';
import './index.css';

const queryClient = createQueryClient();
// Who is signed in is asked at once, while the page's code is still on its way (a prefetch never
// throws; the header and the guards see its outcome).
void queryClient.prefetchQuery(meQuery);
const router = createAppRouter(queryClient);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
