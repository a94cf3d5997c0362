/**
 * Contact details in a conversation are held back until a booking, so buyers and sellers are not walked
 * off the platform into fake-payment scams. `maskContactDetails` replaces every phone number, email
 * address, link and messenger handle with the catalogue's placeholder and says whether it did.
 *
 * The rules (Bangla digits are read as Latin ones first):
 * - Links: http(s)://, www., a bare domain with a common ending (example.com, wa.me/..., t.me/...), and
 *   "example dot com".
 * - Emails: name@domain, also "name @ gmail . com", "name[at]gmail[dot]com" and "name at gmail dot com"
 *   (a spelled-out "at" needs a known ending or mail provider after it, so "meet at Mirpur. Come" stays).
 * - Phones: a run of digits or digit words ("zero one seven", "শূন্য এক সাত"), broken by spaces, dashes,
 *   dots, brackets, commas or a line break. A stretch of whole groups of the run is a phone when it is a
 *   Bangladeshi mobile (1[3-9] and 8 digits, with 0, 880, +880 or 0088 in front or not), an
 *   international number (+ or 00, then 8 to 15 digits), a Bangladeshi landline (0, then 8 to 10
 *   digits), 10 to 15 digits with no break, or 7 to 15 digits just after a word such as "call", "number"
 *   or "ফোন". Never a phone: a number with thousands separators (1,25,000), a date (12/05/2026), or six
 *   digits or fewer, so prices, sizes, years, times and order ids stay as they are.
 * - Messenger handles: after a messenger's name (WhatsApp, imo, Viber, Telegram, ...) an @handle, the
 *   word after "id", "username" or a colon that ends the clause, or a handle-shaped word (rahim_bd,
 *   rahim.khan, rahim123); an @handle just before the name too. The name alone ("do you use WhatsApp?")
 *   tells nothing and stays.
 */
import { toLatinDigits } from './digits.js';
import { conversationMessages } from './messages/index.js';

type Span = { start: number; end: number };

const LETTER = String.raw`[\p{L}\p{M}]`;
/** A whole word: no letter (or Bangla vowel sign) touches it on either side. */
const wholeWord = (body: string) => String.raw`(?<!${LETTER})(?:${body})(?!${LETTER})`;
/** য় is written either as one code point or as য with a nukta. */
const YA = String.raw`(?:\u09DF|\u09AF\u09BC)`;

// ---------- links and emails ----------

const TLD =
  'com|net|org|info|biz|xyz|io|co|me|ly|gl|app|dev|shop|store|site|online|link|page|bd|uk|ca|au|pk|top|live|edu|gov';
const MAIL_PROVIDER = 'gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|protonmail|proton|aol';
const DOT_WORD = String.raw`(?:dot|ডট)`;
const AT_WORD = String.raw`(?:at|অ্যাট|এট)`;
const bracketed = (inner: string) => String.raw`[\[({<]\s*${inner}\s*[\])}>]`;

const LINK = new RegExp(
  [
    String.raw`https?:\/\/\S+`,
    String.raw`www\.\S+`,
    String.raw`(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${TLD})(?![\w-])(?:\/\S*)?`,
    String.raw`(?<![\w-])[a-z0-9-]+(?:\s*${bracketed(DOT_WORD)}\s*|\s+${DOT_WORD}\s+)(?:${TLD})(?![\w-])(?:\/\S*)?`,
  ].join('|'),
  'giu',
);

const DOT = String.raw`(?:\s*\.\s*|\s*${bracketed(DOT_WORD)}\s*|\s+${DOT_WORD}\s+)`;
const LOCAL = String.raw`(?<![\w.+-])[\w.+-]+`;
const EMAIL = new RegExp(
  [
    // An @ or a bracketed "at": any domain with a final label of letters, or a mail provider alone.
    String.raw`${LOCAL}(?:\s*@\s*|\s*${bracketed(AT_WORD)}\s*)(?:[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}[a-z]{2,10}|(?:${MAIL_PROVIDER}))(?![\w-])`,
    // A bare "at" between spaces: only before a mail provider or a domain with a known ending.
    String.raw`${LOCAL}\s+${AT_WORD}\s+(?:(?:${MAIL_PROVIDER})(?:${DOT}[a-z]{2,10})*|[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:${TLD}))(?![\w-])`,
  ].join('|'),
  'giu',
);

/** A link written at the end of a sentence keeps its full stop. */
function trimTrailingPunctuation(text: string, span: Span): Span {
  let end = span.end;
  while (end > span.start && /[.,;:!?)\]'"]/.test(text[end - 1]!)) end -= 1;
  return { start: span.start, end };
}

// ---------- messenger handles ----------

const MESSENGER = new RegExp(
  wholeWord(
    [
      String.raw`whats\s?app|whatsap+|watsap+|wapp|imo|viber|telegram|signal|messenger|facebook|fb|insta(?:gram)?|skype|wechat`,
      // In Bangla with the case endings the name takes ("ইমোতে", "হোয়াটসঅ্যাপে").
      String.raw`(?:হো${YA}াটস\s?অ্যাপ|হো${YA}াটসআপ|ইমো|ভাইবার|টেলিগ্রাম|মেসেঞ্জার|ফেসবুক|ইনস্টাগ্রাম)(?:তে|ে|এ|র|${YA})?`,
    ].join('|'),
  ),
  'giu',
);
const AT_HANDLE = /@[\p{L}\p{N}_.]*[\p{L}\p{N}_]/gu;
const MARKED_HANDLE =
  /(?:\bid|user\s?name|handle|profile)\s*(?:is\s*)?[:=-]?\s*(@?[\p{L}\p{N}_.]*[\p{L}\p{N}_])/dgiu;
const CLAUSE_HANDLE = /[:=]\s*(@?[\p{L}\p{N}_.]*[\p{L}\p{N}_])\s*(?:$|[,;!?\n]|\.(?:\s|$))/dgu;
const HANDLE_SHAPED =
  /(?<![\p{L}\p{N}_.@])(?:\p{L}[\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)+|\p{L}+\p{N}+[\p{L}\p{N}]*)(?![\p{L}\p{N}_])/gu;

/** The rest of the clause after a messenger's name, at most 60 characters. */
function clauseAfter(text: string, from: number): number {
  const rest = text.slice(from, from + 60);
  const stop = rest.search(/[\n!?]|\.(?:\s|$)/);
  return from + (stop === -1 ? rest.length : stop);
}

function messengerSpans(text: string): Span[] {
  const spans: Span[] = [];
  const collect = (pattern: RegExp, start: number, end: number, group?: 1) => {
    pattern.lastIndex = 0;
    for (const match of text.slice(start, end).matchAll(pattern)) {
      const [from, to] = group ? match.indices![group]! : [match.index, match.index + match[0].length];
      spans.push({ start: start + from, end: start + to });
    }
  };
  for (const name of text.matchAll(MESSENGER)) {
    const after = name.index + name[0].length;
    const end = clauseAfter(text, after);
    collect(AT_HANDLE, after, end);
    collect(MARKED_HANDLE, after, end, 1);
    collect(CLAUSE_HANDLE, after, end, 1);
    collect(HANDLE_SHAPED, after, end);
    // "@rahim_bd on Telegram": the handle just before the name, in the same line.
    const lineStart = text.lastIndexOf('\n', name.index) + 1;
    collect(AT_HANDLE, Math.max(lineStart, name.index - 40), name.index);
  }
  return spans;
}

// ---------- phone numbers ----------

const DIGIT_NAMES = [
  ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  ['শূন্য', 'এক', 'দুই', 'তিন', 'চার', 'পাঁচ', 'ছ\u09DF', 'সাত', 'আট', 'ন\u09DF'],
];
const DIGIT_WORDS: Record<string, string> = {
  ...Object.fromEntries(DIGIT_NAMES.flatMap((names) => names.map((name, digit) => [name, String(digit)]))),
  oh: '0',
  o: '0',
  শুন্য: '0',
};
/** Longest first, so "one" is tried before "o". */
const DIGIT_WORD = Object.keys(DIGIT_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace('\u09DF', YA))
  .join('|');
const UNIT = String.raw`\d|${wholeWord(String.raw`(?:(?:double|triple)\s+)?(?:${DIGIT_WORD})`)}`;
const SEPARATOR = String.raw`[\s\-\u2010-\u2015.()\[\]\/\\_,*|]{0,3}`;
const RUN = new RegExp(String.raw`(?:[+(]\s?){0,3}(?:${UNIT})(?:${SEPARATOR}(?:${UNIT}))*`, 'giu');
const UNIT_ONLY = new RegExp(UNIT, 'giu');
const PHONE_CONTEXT =
  /(?:call|phone|mobile|cell|contact|number|whats\s?app|imo|viber|telegram|signal|bkash|nagad|ফোন|মোবাইল|নম্বর|নাম্বার|কল|যোগাযোগ|বিকাশ|নগদ)/iu;

type Group = { start: number; end: number; digits: string; separator: string };

function unitDigits(unit: string): string {
  const words = unit
    .toLowerCase()
    .replace(/\u09AF\u09BC/g, '\u09DF')
    .split(/\s+/);
  const digit = DIGIT_WORDS[words.at(-1)!] ?? unit;
  return words[0] === 'double' ? digit.repeat(2) : words[0] === 'triple' ? digit.repeat(3) : digit;
}

/** The run's digits in groups: digits that touch form one group, a separator starts the next. */
function groupsOf(text: string, start: number, end: number): Group[] {
  const groups: Group[] = [];
  UNIT_ONLY.lastIndex = start;
  for (let unit = UNIT_ONLY.exec(text); unit && unit.index < end; unit = UNIT_ONLY.exec(text)) {
    const last = groups.at(-1);
    const digits = unitDigits(unit[0]);
    const unitEnd = unit.index + unit[0].length;
    if (last && last.end === unit.index) Object.assign(last, { end: unitEnd, digits: last.digits + digits });
    else
      groups.push({
        start: unit.index,
        end: unitEnd,
        digits,
        separator: last ? text.slice(last.end, unit.index) : '',
      });
  }
  return groups;
}

const isDate = (groups: Group[]) =>
  groups.length === 3 &&
  /^[/.-]$/.test(groups[1]!.separator) &&
  groups[1]!.separator === groups[2]!.separator &&
  /^(?:\d{1,2}\/\d{1,2}\/(?:\d{2}|\d{4})|\d{4}\/\d{1,2}\/\d{1,2})$/.test(
    groups.map((group) => group.digits).join('/'),
  );

/** 1,25,000 or 1,250,000 (and .50 after it): a number written for reading, never a phone. */
const isGroupedNumber = (groups: Group[]) => {
  const written = groups.map((group, index) => (index === 0 ? '' : group.separator) + group.digits).join('');
  return groups.length > 1 && /^[1-9]\d{0,2}(?:,\d{2,3})*,\d{3}(?:\.\d{1,2})?$/.test(written);
};

function isPhone(groups: Group[], plus: boolean, context: boolean): boolean {
  const digits = groups.map((group) => group.digits).join('');
  if (digits.length < 7 || digits.length > 15 || isGroupedNumber(groups)) return false;
  if (/^(?:00)?(?:880)?0?1[3-9]\d{8}$/.test(digits)) return true;
  if ((plus || digits.startsWith('00')) && digits.length >= 8) return true;
  if (isDate(groups)) return false;
  if (/^0[1-9]\d{7,9}$/.test(digits)) return true;
  if (groups.length === 1 && digits.length >= 10) return true;
  return context;
}

function phoneSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(RUN)) {
    const runEnd = run.index + run[0].length;
    const groups = groupsOf(text, run.index, runEnd);
    if (groups.reduce((count, group) => count + group.digits.length, 0) < 7) continue;
    const plus = /^[(\s]*\+/.test(run[0]);
    // The longest stretch of whole groups that reads as a phone, from each group on (a phone has at most
    // 15 digits, so at most 15 groups).
    for (let first = 0; first < groups.length; first += 1) {
      const start = groups[first]!.start;
      const context = PHONE_CONTEXT.test(text.slice(Math.max(0, start - 30), start));
      for (let last = Math.min(groups.length, first + 15) - 1; last >= first; last -= 1) {
        if (!isPhone(groups.slice(first, last + 1), plus && first === 0, context)) continue;
        spans.push({ start: first === 0 ? run.index : start, end: groups[last]!.end });
        first = last;
        break;
      }
    }
  }
  return spans;
}

// ---------- all together ----------

function mergeSpans(spans: Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

export function maskContactDetails(text: string): { text: string; masked: boolean } {
  // Same length as the text: each Bangla digit is one code unit, as is its Latin digit.
  const latin = toLatinDigits(text);
  const spans = mergeSpans([
    ...[...latin.matchAll(LINK)].map((match) =>
      trimTrailingPunctuation(latin, { start: match.index, end: match.index + match[0].length }),
    ),
    ...[...latin.matchAll(EMAIL)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
    })),
    ...messengerSpans(latin),
    ...phoneSpans(latin),
  ]);
  let masked = '';
  let from = 0;
  for (const span of spans) {
    masked += text.slice(from, span.start) + conversationMessages.contactHidden;
    from = span.end;
  }
  return { text: masked + text.slice(from), masked: spans.length > 0 };
}
