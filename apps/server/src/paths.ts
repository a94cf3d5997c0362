/**
 * Locations of files shipped beside the code. This module sits one folder below the package root both
 * as source (src/paths.ts) and once bundled (dist/server.js), so the same relative URLs work for both.
 */
import { fileURLToPath } from 'node:url';

export const migrationsDir = fileURLToPath(new URL('../drizzle', import.meta.url));
export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
