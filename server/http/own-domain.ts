// A school's own domain (its `domain_url`, e.g. https://greenfield.example) is served as its site
// once the school has shown it controls the name: a DNS TXT record `_storynest.<host>` holding a
// token only this server can make. The token is derived from the secret key, the school and the
// host, so nothing is stored until the check succeeds; then the host is kept in
// `tenants.domain_host`, which the request's tenant lookup reads (context.ts).
//
// DNS rather than a file on the school's web server: the domain points at this platform before
// it is verified, so the school has no other web server to place a file on.
import { createHmac } from 'node:crypto';
import { resolveTxt } from 'node:dns/promises';
import type { Config } from '../config';
import type { Keys } from '../lib/crypto';

/** Looks up a name's TXT records, each as its strings (node:dns's shape; tests inject their own). */
export type TxtResolver = (name: string) => Promise<string[][]>;

export const systemResolver: TxtResolver = (name) => resolveTxt(name);

const LOOKUP_MS = 3_000;
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The host a `domain_url` names when it can be a school's own site: a public DNS name (no port,
 * no address), and none of the platform's own hosts or their subdomains (those are ours already).
 */
export function ownDomainHost(domainUrl: string, config: Pick<Config, 'platformHosts' | 'publicUrl'>): string | null {
  const text = domainUrl.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!/^https?:$/.test(url.protocol) || url.port || !HOST.test(host)) return null;
  const platform = config.publicUrl.hostname;
  if (config.platformHosts.includes(host) || host === platform || host.endsWith(`.${platform}`)) return null;
  return host;
}

/** The TXT record's name the school creates. */
export const recordName = (host: string) => `_storynest.${host}`;

/** The value the record holds: the same for a school and host on every process sharing the key. */
export function domainToken(keys: Keys, tenantId: number, host: string): string {
  const mac = createHmac('sha256', keys.master).update(`own-domain:${tenantId}:${host}`).digest('base64url');
  return `storynest-verify=${mac.slice(0, 32)}`;
}

/** What a look-up of the school's TXT record found. */
export type DomainCheck =
  | { result: 'verified' }
  /** No TXT record at `_storynest.<host>` (or no such name). */
  | { result: 'missing' }
  /** Records there, none holding the token: what they hold, so the admin sees the typo. */
  | { result: 'mismatch'; found: string[] }
  /** The DNS did not answer (a timeout, a failing server): try again later. */
  | { result: 'unreachable' };

const NOT_THERE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** Looks the record up (a record may come in several strings, joined) and says what it found. */
export async function checkToken(resolve: TxtResolver, host: string, token: string): Promise<DomainCheck> {
  let timer: NodeJS.Timeout | undefined;
  // A resolver that does not answer must not hold the admin's request.
  const late = new Promise<string[][]>((_, reject) => (timer = setTimeout(() => reject(new Error('DNS timeout')), LOOKUP_MS)));
  try {
    const records = (await Promise.race([resolve(recordName(host)), late])).map((parts) => parts.join('').trim());
    if (records.includes(token)) return { result: 'verified' };
    return records.length ? { result: 'mismatch', found: records.slice(0, 5) } : { result: 'missing' };
  } catch (err) {
    return NOT_THERE.has((err as { code?: string }).code ?? '') ? { result: 'missing' } : { result: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
