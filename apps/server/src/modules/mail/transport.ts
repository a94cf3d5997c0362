/**
 * Where messages go: SMTP through nodemailer when SMTP_URL is set; otherwise they stay in the database
 * (read at /dev/mail) and the worker only marks them delivered.
 */
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  /** Stable per message (its outbox id), so a receiving server can recognise a redelivery. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'database';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * How long a relay may take, stated rather than left to nodemailer's defaults (two minutes to connect,
 * ten of silence): a send that stalls fails and is retried later instead of holding its message.
 */
export const SMTP_TIMEOUTS = {
  dnsTimeout: 10_000,
  connectionTimeout: 20_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
} as const;

export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(url: string) {
    this.transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({
      messageId: mail.messageId,
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  close(): void {
    this.transporter.close();
  }
}

/** The embedded default: the outbox row is the mailbox. */
export class DatabaseMailbox implements MailTransport {
  readonly kind = 'database' as const;
  async send(): Promise<void> {}
  close(): void {}
}

export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  return smtpUrl ? new SmtpTransport(smtpUrl) : new DatabaseMailbox();
}
