/**
 * Zod compiles object parsers with `new Function` when it may. Our Content Security Policy forbids
 * eval, and even Zod's guarded probe for it is reported as a policy violation (a browser console
 * issue). Zod reads this global configuration object when it loads, so setting it here, before any
 * page's chunk brings Zod, turns the probe off without putting Zod into the first download.
 * Equivalent to `z.config({ jitless: true })`.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
