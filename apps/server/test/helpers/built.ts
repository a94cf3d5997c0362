import { existsSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../../dist');

/**
 * A bundled entry point of the server (dist/<name>.js: server, user-role, …), as production runs it. The
 * server project's globalSetup builds it when sources changed, so it is never older than the code tested.
 */
export function builtEntry(name: string): string {
  const file = path.join(dist, `${name}.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run the tests through vitest or npm run build`);
  return file;
}
