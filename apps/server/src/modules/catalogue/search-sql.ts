/**
 * Search behind a small interface: a page of the visible products that match some words (and the
 * listing's filters), in the order asked for, with their capped count. PostgreSQL answers it today; a
 * search engine fed by the outbox could be a second implementation (decision 0037).
 *
 * PostgreSQL's way: the stored, weighted tsvector (title A, description B) and its GIN index over
 * visible products. Each word is found whole or from its start ("mahog" for "mahogany"): a start is
 * asked as the whole words that start so, from the list of words the database keeps (search_words,
 * decision 0023), which reads the index far less than a prefix match. When that finds nothing, parts
 * inside words ("board" in "headboard") through trigrams. The page is one statement PostgreSQL plans
 * for its values; "best match" ranks title matches above description matches, then newest.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { products, searchWords } from '../../platform/db/schema.js';
import {
  asValue,
  orderOf,
  pageStatement,
  whereOf,
  type CardPageRequest,
  type ListingRead,
} from './listing-sql.js';

export interface SearchIndex {
  /** The page `request` asks for of the products matching `request.filter.q`, and their capped count. */
  search(request: CardPageRequest): Promise<ListingRead>;
}

/** Shorter parts would match nearly everything, and trigrams cannot find them through the index. */
const MIN_PART_LENGTH = 3;
/**
 * A Bangla start of two code points is one letter and its vowel sign ("খা" of "খাট"): as narrow as three
 * Latin letters, so it is looked for as a start of words (decision 0044). Trigrams still need three.
 */
const MIN_BANGLA_PART_LENGTH = 2;
const BANGLA = /[\u0980-\u09FF]/u;
/** Letters, marks and digits; the zero-width joiners belong inside a Bangla word ("র‍্যাক"). */
const WORD = /[\p{L}\p{M}\p{N}\u200C\u200D]+/gu;

const isLongEnough = (word: string): boolean =>
  [...word].length >= (BANGLA.test(word) ? MIN_BANGLA_PART_LENGTH : MIN_PART_LENGTH);
/** Parts looked for at most: each one is another condition of the search's statement. */
const MAX_PARTS = 6;
const MAX_EXCLUDED_PARTS = 3;
/** Most stored words the start of one word may stand for; a start of more is asked of the index as a start. */
export const MAX_WORDS_PER_START = 100;

/**
 * The parts of words a search asks for and those it excludes, as websearch_to_tsquery reads the same
 * text: `-word` excludes, a bare "or" joins; everything but letters and digits separates words, so no
 * part carries a LIKE wildcard or escape. Lower case, because the patterns are matched with ILIKE.
 */
export function partsOf(q: string): { included: string[]; excluded: string[] } {
  const included: string[] = [];
  const excluded: string[] = [];
  for (const token of q.normalize('NFC').toLowerCase().split(/\s+/u)) {
    if (token === 'or') continue;
    const target = token.startsWith('-') ? excluded : included;
    for (const word of token.match(WORD) ?? []) {
      if (isLongEnough(word) && !target.includes(word)) target.push(word);
    }
  }
  return { included: included.slice(0, MAX_PARTS), excluded: excluded.slice(0, MAX_EXCLUDED_PARTS) };
}

/**
 * Only words and -words: then whatever matches the words whole (websearch_to_tsquery) also matches
 * their starts, and the starts alone say what a search finds. Quotes, "or" and other signs keep both.
 */
export function onlyPlainWords(q: string): boolean {
  const tokens = q.toLowerCase().split(/\s+/u).filter(Boolean);
  return tokens.every((token) => token !== 'or' && /^-?[\p{L}\p{M}\p{N}\u200C\u200D]+$/u.test(token));
}

/** A lexeme as tsquery input reads it literally, whatever it holds. */
export function tsLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** A lexeme of a part of a search, and the stored words that start with it (one more than the most). */
export interface WordStart {
  /** The part's place among those asked for, from 1. */
  part: number;
  lexeme: string;
  words: string[];
}

/**
 * `(word | word) & (word) & !excluded` for the starts of words found in search_words: each included
 * lexeme by the whole words that start with it, or as a start (`lexeme:*`) when more than
 * MAX_WORDS_PER_START do; excluded lexemes whole, as to_tsquery reads `!part`. Null when it can match
 * nothing: a start no word has, or only stop words. `included` parts come first in `starts`.
 */
export function wordStartsQuery(starts: WordStart[], included: number): string | null {
  const required: string[] = [];
  const excluded: string[] = [];
  for (const { part, lexeme, words } of starts) {
    if (part > included) excluded.push(`!${tsLexeme(lexeme)}`);
    else if (words.length === 0) return null;
    else if (words.length > MAX_WORDS_PER_START) required.push(`${tsLexeme(lexeme)}:*`);
    else required.push(`(${words.map(tsLexeme).join(' | ')})`);
  }
  if (required.length === 0) return null;
  return [...required, ...excluded].join(' & ');
}

export class PostgresSearch implements SearchIndex {
  constructor(private readonly db: DbOrTx) {}

  async search(request: CardPageRequest): Promise<ListingRead> {
    // Stored titles and descriptions are in NFC (products.service.ts); a search reads its words so too.
    const q = request.filter.q!.normalize('NFC');
    const words = await this.fullText(q);
    const found = words ? await this.page(request, words) : null;
    if (found && found.counted > 0) return found;
    // Nothing has these words or their starts: look for them inside words ("board" in "headboard").
    const inside = insideWords(q);
    return inside ? this.page(request, inside) : { cards: [], photos: [], counted: 0 };
  }

  /** One statement, planned for its values: the matches' capped count, and the page with its cards. */
  private async page(request: CardPageRequest, words: Words): Promise<ListingRead> {
    const { filter, order, page, pageSize } = request;
    const statement = pageStatement(whereOf(filter, asValue, words.condition), orderOf(order, words.rank), {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const result = (await this.db.execute(statement)) as unknown as {
      rows: { n: number; cards: ListingRead['cards']; photos: ListingRead['photos'] }[];
    };
    const [read] = result.rows;
    return { cards: read!.cards, photos: read!.photos, counted: read!.n };
  }

  /**
   * Full text: the words as websearch_to_tsquery reads them (forms, quoted phrases, "or", -word), or
   * every included part as the start of a word and no excluded one. Null when nothing can match.
   */
  private async fullText(q: string): Promise<Words | null> {
    const whole = sql`websearch_to_tsquery('english', ${q})`;
    const { included, excluded } = partsOf(q);
    if (included.length === 0) return byQuery(whole);
    const text = wordStartsQuery(await this.wordStarts([...included, ...excluded]), included.length);
    const starts = text === null ? null : sql`${text}::tsquery`;
    if (onlyPlainWords(q)) return starts ? byQuery(starts) : null;
    return byQuery(starts ? sql`(${whole} || ${starts})` : whole);
  }

  /**
   * Each part as full text reads it ("carving" is "carv", a stop word is nothing), with the stored words
   * that start with each of its lexemes. The words are one range of the byte-ordered index (the last
   * code point bounds it); asking them in another order would read the whole table.
   */
  private async wordStarts(parts: string[]): Promise<WordStart[]> {
    const given = sql.join(
      parts.map((part, i) => sql`(${part}::text, ${i + 1}::int)`),
      sql`, `,
    );
    const result = (await this.db.execute(sql`
      select given.i as part, l.lexeme, array(select w.word from ${searchWords} w
          where w.word ~>=~ l.lexeme and w.word ~<~ (l.lexeme || chr(1114111))
          limit ${MAX_WORDS_PER_START + 1})::text[] as words
        from (values ${given}) as given(part, i),
          unnest(tsvector_to_array(to_tsvector('english', given.part))) as l(lexeme)`)) as unknown as {
      rows: WordStart[];
    };
    return result.rows;
  }
}

/** What a search looks for, and how "best match" ranks what it finds. */
interface Words {
  condition: SQL;
  rank: SQL[];
}

/**
 * Products whose stored words match the query. "Best match": a match in the title (weight A) before
 * one in the description only (weight B), then by how well the description matches.
 */
function byQuery(query: SQL): Words {
  return {
    condition: sql`${products.search} @@ ${query}`,
    rank: [
      sql`ts_rank('{0, 0, 0, 1}', ${products.search}, ${query}) desc`,
      sql`ts_rank('{0, 0, 1, 0}', ${products.search}, ${query}) desc`,
    ],
  };
}

/** The text parts of words are looked for in; the trigram index is built on exactly this expression. */
const searchText = sql`(${products.title} || ' ' || ${products.description})`;

/** Every included part inside title or description and no excluded one; "best match" puts the title's first. */
function insideWords(q: string): Words | null {
  const { included, excluded } = partsOf(q);
  // A trigram index finds nothing shorter than a trigram: such a part would read every row.
  if (included.length === 0 || included.some((part) => [...part].length < MIN_PART_LENGTH)) return null;
  const inTitle = sql.join(
    included.map((part) => sql`${products.title} ilike ${`%${part}%`}`),
    sql` and `,
  );
  return {
    condition: sql.join(
      [
        ...included.map((part) => sql`${searchText} ilike ${`%${part}%`}`),
        ...excluded.map((part) => sql`${searchText} not ilike ${`%${part}%`}`),
      ],
      sql` and `,
    ),
    rank: [sql`(${inTitle}) desc`],
  };
}
