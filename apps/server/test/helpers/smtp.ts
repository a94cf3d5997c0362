/**
 * A real SMTP server inside the test process (smtp-server): the app's mail worker sends to it over TCP
 * exactly as to a production relay, and tests read what arrived: recipient, subject, text and HTML.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Messages to one address (optionally with a subject containing `subject`). */
  to(address: string, subject?: string): ReceivedMail[];
  /**
   * From now on every recipient is refused with this SMTP answer code (550: no such mailbox, for
   * good; 450: try again later), until `accept()`.
   */
  refuse(code: number): void;
  accept(): void;
  close(): Promise<void>;
}

/** `answerAfterMs`: the server takes that long to accept each message (a slow relay). */
export async function startSmtp({ answerAfterMs = 0 }: { answerAfterMs?: number } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refusal: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusal === null) return callback();
      const error = Object.assign(new Error(`mailbox ${address.address} refused`), { responseCode: refusal });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ ...parseMessage(raw), to: session.envelope.rcptTo.map((r) => r.address), raw });
        if (answerAfterMs > 0) setTimeout(callback, answerAfterMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address, subject) =>
      received.filter(
        (mail) => mail.to.includes(address) && (subject === undefined || mail.subject.includes(subject)),
      ),
    refuse: (code) => {
      refusal = code;
    },
    accept: () => {
      refusal = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for nodemailer's output: headers, a multipart/alternative body, QP or base64. */
function parseMessage(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const headers = unfold(head);
  const subject = decodeWords(headers.get('subject') ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  let text = '';
  let html = '';
  for (const part of parts) {
    const [partHead = '', ...partRest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const partHeaders = unfold(partHead);
    const content = decodeBody(partRest.join('\r\n\r\n'), partHeaders.get('content-transfer-encoding') ?? '');
    if ((partHeaders.get('content-type') ?? '').startsWith('text/html')) html = content;
    else if ((partHeaders.get('content-type') ?? '').startsWith('text/plain')) text = content;
  }
  return { subject, text, html };
}

function unfold(head: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) map.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return map;
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeQp(body);
  return body;
}

function decodeQp(value: string): string {
  const soft = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replace(/_/g, ' ')),
    );
}

/** The first link in a text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in "${mail.subject}":\n${mail.text}`);
  return found;
}
