import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Vendor code changes far less often than the app, so the libraries every page needs get their own
// long-cached chunks. There is deliberately no catch-all group: a library only some pages use (the
// form library, the card form) stays in those pages' chunks instead of loading with the home page.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'toast', test: /node_modules[\\/](react-hot-toast|goober)[\\/]/, priority: 20 },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 20 },
];

// The shared package only declares values (schemas, messages, enums). Saying so lets the bundle drop
// the modules a chunk does not use: the public pages need a few messages, not the Zod schemas.
const sharedSource = /[\\/]packages[\\/]shared[\\/]src[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000' },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: sharedSource, sideEffects: false }] },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
