// Handing mail to an SMTP server, through nodemailer. SMTP_URL says where and how:
//   smtps://user:pass@mail.example.com:465          implicit TLS
//   smtp://user:pass@mail.example.com:587           STARTTLS required (the default): a server
//                                                   that does not offer it is refused, so a
//                                                   password or a reset link never goes in clear
//   smtp://relay.internal:25?tls=none               no TLS at all, only when the URL says so
//                                                   (a relay on the same host or network)
// and `?from=StoryNest%20%3Cno-reply%40example.com%3E` sets the sender.
import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Connecting, the greeting and each reply: a stalled server fails the send after this long. */
export const SMTP_TIMEOUT_MS = 20_000;

export interface SmtpSettings {
  transport: SMTPTransport.Options;
  from: string;
}

/** Reads SMTP_URL; throws a message naming what is wrong (checked when the server starts). */
export function smtpSettings(smtpUrl: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:pass@mail.example.com:587');
  }
  const implicit = url.protocol === 'smtps:';
  if (!implicit && url.protocol !== 'smtp:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  const tls = url.searchParams.get('tls') ?? 'required';
  if (tls !== 'required' && tls !== 'none') throw new Error(`SMTP_URL's tls= must be "required" (the default) or "none", got "${tls}"`);
  if (implicit && tls === 'none')
    throw new Error('SMTP_URL: smtps:// is TLS from the start; use smtp://...?tls=none for a server without TLS');
  const user = decodeURIComponent(url.username);
  return {
    transport: {
      host: url.hostname,
      port: Number(url.port || (implicit ? 465 : 587)),
      secure: implicit,
      requireTLS: !implicit && tls === 'required',
      ignoreTLS: tls === 'none',
      auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
      name: 'storynest',
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    from: url.searchParams.get('from') ?? `StoryNest <no-reply@${url.hostname}>`,
  };
}

export interface SmtpSender {
  /** Sends one message; throws with the server's reply (or the TLS refusal) when it fails. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function smtpSender(smtpUrl: string): SmtpSender {
  const { transport, from } = smtpSettings(smtpUrl);
  // Loaded when mail is first sent through SMTP (about 15 MB a process may never need).
  const transporter = (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(transport);
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
    },
    close: () => transporter.close(),
  };
}
