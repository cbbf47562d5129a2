// A school on its own domain: served only once a DNS TXT record proves the school controls it;
// then sign-in, tokens and the parents' cookie work there as on the subdomain, and the reverse
// proxy's on-demand TLS question (/api/tls/allowed) says yes for it.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';

const OWN = 'greenfield.example';

describe.each(TARGETS)('schools on their own domains on %s', (target) => {
  let server: TestServer;
  // The DNS as the test sets it: name -> TXT records.
  const dns = new Map<string, string[][]>();
  let head = '';
  beforeAll(async () => {
    server = await startServer(target, {
      resolveTxt: async (name) => {
        if (name.endsWith('.silent.example')) throw Object.assign(new Error(`queryTxt ESERVFAIL ${name}`), { code: 'ESERVFAIL' });
        const records = dns.get(name);
        if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
        return records;
      },
    });
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
  }, 300_000);
  afterAll(() => server.close());

  /** The site the last e-mail to this address links to (its last link's origin). */
  async function mailedSite(to: string): Promise<string | undefined> {
    const [mail] = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id)).limit(1);
    const link = mail?.text.match(/https?:\/\/\S+/g)?.at(-1);
    return link ? new URL(link).origin : undefined;
  }
  /** A password reset for the Greenfield teacher, asked on `host`, and an invitation from the head. */
  async function mailLinks(host: string, n: number) {
    // Only this call's e-mails: a link from an earlier one cannot pass for it.
    await server.database.db.delete(emailOutbox);
    expect((await server.call('POST', '/api/password-reset/', { host, json: { email: 'teacher@greenfield.example' } })).status).toBe(200);
    const invited = `invited.${n}@greenfield.example`;
    const sent = await server.call('POST', '/api/invitations/', { host, token: head, json: { email: invited, role: 'teacher' } });
    expect(sent.status).toBe(201);
    return { reset: await mailedSite('teacher@greenfield.example'), invitation: await mailedSite(invited) };
  }

  it('serves nothing on an unverified domain, and the proxy may not get it a certificate', async () => {
    const res = await server.call('GET', '/api/current-tenant', { host: OWN });
    expect(res.status).toBe(404);
    expect((await server.call('GET', `/api/tls/allowed?domain=${OWN}`, { host: '10.0.0.5:8080' })).status).toBe(404);
  });

  it("says yes to the proxy for the platform and the schools' subdomains only", async () => {
    for (const domain of ['localhost', GREENFIELD, HILLSIDE]) {
      const res = await server.call('GET', `/api/tls/allowed?domain=${domain}`, { host: '10.0.0.5:8080' });
      expect(res.status, domain).toBe(200);
      expect(res.body).toEqual({ domain, allowed: true });
    }
    for (const domain of ['nowhere.localhost', 'evil.example', 'greenfield.localhost.evil.example']) {
      expect((await server.call('GET', `/api/tls/allowed?domain=${domain}`, { host: '10.0.0.5' })).status, domain).toBe(404);
    }
    const missing = await server.call('GET', '/api/tls/allowed', { host: '10.0.0.5' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/domain/);
  });

  it('shows the school admin the TXT record to create; each school has its own token', async () => {
    const res = await server.call('GET', '/api/api-school-admin/domain/', { host: GREENFIELD, token: head });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      domain_url: 'https://greenfield.example',
      host: OWN,
      record_type: 'TXT',
      record_name: `_storynest.${OWN}`,
      verified: false,
    });
    expect(res.body.record_value).toMatch(/^storynest-verify=[A-Za-z0-9_-]{32}$/);
    const hillHead = (await signIn(server, 'head@hillside.example', 'Head-demo-2', HILLSIDE)).access;
    const hill = await server.call('GET', '/api/api-school-admin/domain/', { host: HILLSIDE, token: hillHead });
    expect(hill.body.host).toBe('hillside.example');
    expect(hill.body.record_value).not.toBe(res.body.record_value);
    // Teachers do not manage the site.
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    expect((await server.call('GET', '/api/api-school-admin/domain/', { host: GREENFIELD, token: teacher })).status).toBe(403);
  });

  it('refuses to verify while the record is missing or holds another value, saying which record', async () => {
    const verify = () => server.call('POST', '/api/api-school-admin/domain/verify/', { host: GREENFIELD, token: head });
    let res = await verify();
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(`No TXT record _storynest.${OWN}`);
    expect(res.body.reason).toBe('missing');
    dns.set(`_storynest.${OWN}`, [['storynest-verify=someone-elses-token']]);
    res = await verify();
    expect(res.status).toBe(422);
    // The admin sees what the record holds instead, so a typo shows.
    expect(res.body.reason).toBe('mismatch');
    expect(res.body.message).toContain('"storynest-verify=someone-elses-token"');
    expect((await server.call('GET', '/api/current-tenant', { host: OWN })).status).toBe(404);
  });

  it('links e-mails to the subdomain while the own domain is not verified', async () => {
    expect(await mailLinks(GREENFIELD, 1)).toEqual({
      reset: 'http://greenfield.localhost:8080',
      invitation: 'http://greenfield.localhost:8080',
    });
  });

  it('serves the school on its domain once the record holds the token: sign-in, tokens and cookies work there', async () => {
    const shown = await server.call('GET', '/api/api-school-admin/domain/', { host: GREENFIELD, token: head });
    const value: string = shown.body.record_value;
    // A long value may come back in several strings; they are one record.
    dns.set(`_storynest.${OWN}`, [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]]);
    const res = await server.call('POST', '/api/api-school-admin/domain/verify/', { host: GREENFIELD, token: head });
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(true);

    const site = await server.call('GET', '/api/current-tenant', { host: `${OWN}` });
    expect(site.status).toBe(200);
    expect(site.body.school_name).toBe('Greenfield Primary');
    expect((await server.call('GET', `/api/tls/allowed?domain=${OWN}`, { host: '10.0.0.5' })).status).toBe(200);
    expect((await server.call('GET', `/api/tls/allowed?domain=${OWN.toUpperCase()}.`, { host: '10.0.0.5' })).status).toBe(200);

    // Staff sign in on the own domain; the token is the school's, good on either of its hosts.
    const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1', OWN);
    for (const host of [OWN, GREENFIELD]) {
      expect((await server.call('GET', '/api/user/profile/', { host, token: teacher.access })).status, host).toBe(200);
    }
    // ...and not on another school's site.
    expect((await server.call('GET', '/api/user/profile/', { host: HILLSIDE, token: teacher.access })).status).toBe(401);
    // Refresh works on the own domain.
    const refreshed = await server.call('POST', '/api/auth/token/refresh/', { host: OWN, json: { refresh: teacher.refresh } });
    expect(refreshed.status).toBe(200);

    // Parents: the community cookie is the host's own (no Domain attribute), and opens the school there.
    const login = await server.call('POST', '/api/generic-password-login', { host: OWN, json: { password: 'greenfield-parents' } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^community_session=/);
    expect(cookie.toLowerCase()).not.toContain('domain=');
    const check = await server.call('GET', '/api/check-generic-access', {
      host: OWN,
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(check.status).toBe(200);
    expect(JSON.stringify(check.body)).toMatch(/true/);
  });

  it("links the school's e-mails to its verified own domain, whichever of its hosts the request came to", async () => {
    // PUBLIC_URL's scheme and port (http://localhost:8080 here; https behind the proxy).
    const own = `http://${OWN}:8080`;
    expect(await mailLinks(GREENFIELD, 2)).toEqual({ reset: own, invitation: own });
    expect(await mailLinks(OWN, 3)).toEqual({ reset: own, invitation: own });
    // Another school's e-mails keep their own site.
    expect(
      (await server.call('POST', '/api/password-reset/', { host: HILLSIDE, json: { email: 'teacher@hillside.example' } })).status,
    ).toBe(200);
    expect(await mailedSite('teacher@hillside.example')).toBe('http://hillside.localhost:8080');
  });

  it('stops serving the domain when the school changes its Domain URL to another host', async () => {
    const patched = await server.call('PATCH', '/api/api-school-admin/profile/', {
      host: GREENFIELD,
      token: head,
      json: { domain_url: 'https://www.greenfield-primary.example' },
      headers: { 'idempotency-key': 'own-domain-change-1' },
    });
    expect(patched.status).toBe(200);
    expect((await server.call('GET', '/api/current-tenant', { host: OWN })).status).toBe(404);
    expect((await server.call('GET', `/api/tls/allowed?domain=${OWN}`, { host: '10.0.0.5' })).status).toBe(404);
    const shown = await server.call('GET', '/api/api-school-admin/domain/', { host: GREENFIELD, token: head });
    expect(shown.body).toMatchObject({ host: 'www.greenfield-primary.example', verified: false });
    // E-mails link to the subdomain again.
    expect(await mailLinks(GREENFIELD, 4)).toEqual({
      reset: 'http://greenfield.localhost:8080',
      invitation: 'http://greenfield.localhost:8080',
    });
  });

  it('never takes a platform host or an address as a school domain', async () => {
    for (const domain_url of ['https://hillside.localhost', 'http://127.0.0.1:8080', 'localhost', '']) {
      const patched = await server.call('PATCH', '/api/api-school-admin/profile/', {
        host: GREENFIELD,
        token: head,
        json: { domain_url: domain_url || ' ' },
        headers: { 'idempotency-key': `own-domain-bad-${domain_url || 'empty'}` },
      });
      if (patched.status !== 200) continue; // the profile form may refuse it itself
      const shown = await server.call('GET', '/api/api-school-admin/domain/', { host: GREENFIELD, token: head });
      expect(shown.body.host, domain_url).toBeNull();
      const res = await server.call('POST', '/api/api-school-admin/domain/verify/', { host: GREENFIELD, token: head });
      expect(res.status, domain_url).toBe(422);
    }
  });

  it('lets the school admin change the Domain URL on the Own domain screen, and says when the DNS does not answer', async () => {
    const put = (domain_url: string, token = head) =>
      server.call('PUT', '/api/api-school-admin/domain/', { host: GREENFIELD, token, json: { domain_url } });
    const saved = await put('https://www.greenfield.silent.example');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      domain_url: 'https://www.greenfield.silent.example',
      host: 'www.greenfield.silent.example',
      record_name: '_storynest.www.greenfield.silent.example',
      points_to: 'localhost',
      verified: false,
    });
    const res = await server.call('POST', '/api/api-school-admin/domain/verify/', { host: GREENFIELD, token: head });
    expect([res.status, res.body.reason]).toEqual([422, 'unreachable']);
    expect(res.body.message).toMatch(/did not answer/);
    // Not a domain a school can own: refused, and nothing changes.
    for (const bad of ['https://hillside.localhost', 'http://127.0.0.1:8080', 'https://www.greenfield.example:8443']) {
      const refused = await put(bad);
      expect(refused.status, bad).toBe(422);
      expect(refused.body.errors.domain_url, bad).toBeDefined();
    }
    expect((await put('')).status).toBe(400);
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    expect((await put('https://evil.example', teacher)).status).toBe(403);
    const shown = await server.call('GET', '/api/api-school-admin/domain/', { host: GREENFIELD, token: head });
    expect(shown.body.domain_url).toBe('https://www.greenfield.silent.example');
  });
});
