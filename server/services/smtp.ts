// A minimal SMTP client (RFC 5321) for the e-mail outbox: plain or implicit TLS (smtps://),
// STARTTLS when the server offers it, AUTH PLAIN when the URL carries a user. Enough to hand
// mail to a relay; no dependency, and the outbox retries whatever fails.
//   SMTP_URL=smtp://user:pass@mail.example.com:587?from=StoryNest%20%3Cno-reply%40example.com%3E
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

const TIMEOUT_MS = 20_000;

interface Reply {
  code: number;
  text: string;
}

/** Reads SMTP replies: lines until one whose code is followed by a space (or nothing). */
class Replies {
  private buffer = '';
  private lines: string[] = [];
  private ready: Reply[] = [];
  private waiter: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(socket: net.Socket) {
    this.attach(socket);
  }

  attach(socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let at: number;
      while ((at = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, at).replace(/\r$/, '');
        this.buffer = this.buffer.slice(at + 1);
        this.lines.push(line);
        if (/^\d{3}(?: |$)/.test(line)) this.settle({ code: Number(line.slice(0, 3)), text: this.lines.join('\n') });
      }
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('SMTP connection closed')));
  }

  private settle(reply: Reply) {
    this.lines = [];
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) waiter.resolve(reply);
    else this.ready.push(reply);
  }

  private fail(err: Error) {
    this.failure ??= err;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(err);
  }

  next(): Promise<Reply> {
    const queued = this.ready.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }
}

function encodeHeader(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean).toString('base64')}?=`;
}

const base64Lines = (text: string) => Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\r\n');

export function renderMessage(from: string, mail: Mail, now = new Date()): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  const headers = [
    `From: ${encodeHeader(from)}`,
    `To: ${encodeHeader(mail.to)}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) =>
    [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join('\r\n');
  if (!mail.html) return [...headers, part('text/plain', mail.text)].join('\r\n');
  const boundary = `=_${randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('text/plain', mail.text),
    `--${boundary}`,
    part('text/html', mail.html),
    `--${boundary}--`,
  ].join('\r\n');
}

function connect(url: URL): Promise<net.Socket> {
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 587));
  return new Promise((resolve, reject) => {
    const socket = secure
      ? tls.connect({ host: url.hostname, port, servername: url.hostname }, () => resolve(socket))
      : net.connect({ host: url.hostname, port }, () => resolve(socket));
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('SMTP timed out')));
    socket.once('error', reject);
  });
}

/** Sends one message through the server of `smtpUrl`; throws with the server's reply on failure. */
export async function sendMail(smtpUrl: string, mail: Mail): Promise<void> {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from') ?? `StoryNest <no-reply@${url.hostname}>`;
  const envelopeFrom = /<([^>]+)>/.exec(from)?.[1] ?? from;
  let socket = await connect(url);
  const replies = new Replies(socket);
  const expect = async (codes: number[], command?: string) => {
    if (command !== undefined) socket.write(`${command}\r\n`);
    const reply = await replies.next();
    if (!codes.includes(reply.code)) throw new Error(`SMTP ${command?.split(' ')[0] ?? 'greeting'} refused: ${reply.text}`);
    return reply;
  };
  try {
    await expect([220]);
    let hello = await expect([250], 'EHLO storynest');
    if (url.protocol === 'smtp:' && /STARTTLS/i.test(hello.text)) {
      await expect([220], 'STARTTLS');
      socket.removeAllListeners('data');
      socket = tls.connect({ socket, servername: url.hostname });
      replies.attach(socket);
      hello = await expect([250], 'EHLO storynest');
    }
    if (url.username) {
      const plain = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString('base64');
      await expect([235], `AUTH PLAIN ${plain}`);
    }
    await expect([250], `MAIL FROM:<${envelopeFrom}>`);
    await expect([250, 251], `RCPT TO:<${mail.to.replace(/[<>\r\n]/g, '')}>`);
    await expect([354], 'DATA');
    const body = renderMessage(from, mail).replace(/\r\n\./g, '\r\n..');
    await expect([250], `${body}\r\n.`);
    socket.write('QUIT\r\n');
  } finally {
    socket.end();
  }
}
