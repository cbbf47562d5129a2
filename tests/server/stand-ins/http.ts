// The small HTTP server under each provider's stand-in. It records every request, answers
// through the provider's handler, and can be told to misbehave (answer 5xx, or never answer)
// so a test sees what the adapter does when the provider is down.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  /** The host the client meant (a proxied request names it in its absolute target). */
  host: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

export interface Reply {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export type Trouble = 'none' | '5xx' | 'timeout';

export interface StandInServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  requests: Seen[];
  /** From now on every request fails this way (until told 'none'). */
  trouble(kind: Trouble): void;
  close(): Promise<void>;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, json: body, headers });

export async function startStandIn(handle: (request: Seen) => Reply | Promise<Reply>): Promise<StandInServer> {
  const requests: Seen[] = [];
  let trouble: Trouble = 'none';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const target = new URL(req.url ?? '/', `http://${req.headers.host ?? 'stand-in'}`);
        const seen: Seen = {
          method: req.method ?? 'GET',
          host: target.host,
          path: target.pathname,
          query: target.searchParams,
          headers: req.headers,
          rawBody: Buffer.concat(chunks).toString('utf8'),
        };
        requests.push(seen);
        if (trouble === 'timeout') return; // never answers; the client's timeout ends it
        let reply: Reply;
        try {
          reply = trouble === '5xx' ? json(503, { error: 'service unavailable' }) : await handle(seen);
        } catch (error) {
          reply = json(500, { error: String(error) });
        }
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    trouble(kind) {
      trouble = kind;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A provider-style id: prefix + random letters and digits. */
export function newId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = prefix;
  for (let i = 0; i < length; i++) id += alphabet[Math.floor(Math.random() * alphabet.length)];
  return id;
}
