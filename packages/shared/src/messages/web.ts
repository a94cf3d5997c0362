/** Sentences only the web app shows: its own failures, loading and sign-in notes. */
export const webMessages = {
  unexpectedError: 'Something went wrong. Please try again.',
  routeErrorTitle: 'Something went wrong',
  routeErrorText: 'This page could not be shown. Try reloading it, or go back to the home page.',
  pageLoadFailed: 'A new version of Furniture Mart may have been released. Reload the page to continue.',
  loading: 'Loading…',
  wrongAccount: 'Your account cannot open that page. Sign in with an account that can.',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  googleBuyerNote: 'Accounts created with Google start as buyer accounts.',
  comingSoon: 'This section is being built and will be available soon.',
} as const;
