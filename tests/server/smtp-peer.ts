// A local SMTP peer for the mail tests: speaks just enough ESMTP to take a message, records each
// session's commands and data, and can refuse a recipient, stall before its greeting, or
// advertise extensions (it never offers STARTTLS: a TLS-required client must refuse it).
import { createServer, type Server, type Socket } from 'node:net';

export interface SmtpSession {
  commands: string[];
  data: string;
}

export interface SmtpPeer {
  port: number;
  sessions: SmtpSession[];
  options: { refuseRecipient: boolean; stall: boolean };
  /** Resolves when the next connection arrives. */
  nextConnection(): Promise<void>;
  /** Ends stalled connections. */
  hangUpAll(): void;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const sessions: SmtpSession[] = [];
  const sockets = new Set<Socket>();
  const options = { refuseRecipient: false, stall: false };
  let waiting: (() => void)[] = [];
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const session: SmtpSession = { commands: [], data: '' };
    sessions.push(session);
    for (const resolve of waiting) resolve();
    waiting = [];
    if (options.stall) return; // never greets: the client waits
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else session.data += line + '\n';
          continue;
        }
        session.commands.push(line);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake\r\n250 AUTH PLAIN\r\n');
        else if (verb === 'STARTTLS') socket.write('502 5.5.1 STARTTLS not supported here\r\n');
        else if (verb === 'AUTH') socket.write('235 ok\r\n');
        else if (verb === 'RCPT') socket.write(options.refuseRecipient ? '550 no such user\r\n' : '250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    sessions,
    options,
    nextConnection: () => new Promise<void>((resolve) => waiting.push(resolve)),
    hangUpAll: () => sockets.forEach((s) => s.destroy()),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

/** A message's text as sent (headers and body), with quoted-printable soft breaks undone. */
export function messageText(session: SmtpSession): string {
  return session.data.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
