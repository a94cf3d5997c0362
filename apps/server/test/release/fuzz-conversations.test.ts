/** Release gate "fuzzing", the conversation routes. See fuzz.ts for what is generated and checked. */
import { fuzzGroup } from './fuzz-suite.js';

fuzzGroup('conversations');
