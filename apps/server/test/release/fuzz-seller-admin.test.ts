/** Release gate "fuzzing", the seller-admin routes. See fuzz.ts for what is generated and checked. */
import { fuzzGroup } from './fuzz-suite.js';

fuzzGroup('seller-admin');
