/**
 * Build-time work on the catalogue (Node only; the browser never loads this file): parsing every
 * message once, so the web build ships messages already parsed and the browser needs no ICU parser, and
 * reading a message's arguments, so a test can hold every language to the same ones.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Catalogue } from './runtime.js';

/** Areas only the server reads (mail); the web build leaves them out of the browser's catalogue. */
export const serverOnlyAreas = ['mail.'];

const parseOptions = { ignoreTag: true, requiresOtherClause: true } as const;

/**
 * A catalogue as the browser gets it: text without ICU syntax stays text, the rest is its parsed form.
 * Throws on a message that does not parse, naming its key.
 */
export function compileCatalogue(source: Record<string, string>, leaveOut: string[] = []): Catalogue {
  const compiled: Record<string, string | MessageFormatElement[]> = {};
  for (const [key, text] of Object.entries(source)) {
    if (leaveOut.some((prefix) => key.startsWith(prefix))) continue;
    const ast = parseMessage(key, text);
    const only = ast.length === 1 ? ast[0]! : undefined;
    // The runtime formats any string holding { } or ' as ICU, so such text stays parsed.
    if (ast.length === 0) compiled[key] = '';
    else if (only?.type === TYPE.literal && !/[{}']/.test(only.value)) compiled[key] = only.value;
    else compiled[key] = ast;
  }
  return compiled;
}

function parseMessage(key: string, text: string): MessageFormatElement[] {
  try {
    return parse(text, parseOptions);
  } catch (error) {
    throw new Error(`message ${key} is not valid ICU MessageFormat: ${String(error)}`, { cause: error });
  }
}

const typeNames: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'text',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
};

/**
 * The arguments a message takes, each with its kind, sorted: `["count:plural", "name:text"]`. Two
 * languages of one message must take the same.
 */
export function messageArguments(key: string, text: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      const kind = typeNames[element.type];
      if (kind && 'value' in element) found.add(`${element.value}:${kind}`);
      if ('options' in element) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parseMessage(key, text));
  return [...found].sort();
}
