/** Release gate "fuzzing", the buyer routes. See fuzz.ts for what is generated and checked. */
import { fuzzGroup } from './fuzz-suite.js';

fuzzGroup('buyer');
