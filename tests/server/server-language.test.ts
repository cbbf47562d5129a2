// The server's failures in the request's language (issue 26): a validation answer in Spanish
// and Arabic by Accept-Language, English when the browser asks for a language we do not speak
// or the catalogue has no translation, and the rules of the choice: a staff member's own language
// (kept by PATCH /user/profile/) before the browser's, the school's default (set by its admin) after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAcceptLanguage, parsePo, requestLocale, translate } from '../../server/http/language';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('server messages in the request’s language on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  const badEmail = (language?: string) =>
    server.call('POST', '/api/password-reset/', {
      host: GREENFIELD,
      json: { email: 'not-an-email' },
      headers: language ? { 'Accept-Language': language } : {},
    });

  it('answers a validation failure in Spanish and in Arabic', async () => {
    const es = await badEmail('es-MX,es;q=0.9,en;q=0.5');
    expect(es.status).toBe(400);
    expect(es.body.errors.email).toEqual(['El correo no es válido']);
    expect(es.body.message).toBe('email: El correo no es válido');
    expect(es.headers.get('Content-Language')).toBe('es');

    const ar = await badEmail('ar');
    expect(ar.status).toBe(400);
    expect(ar.body.errors.email).toEqual(['البريد الإلكتروني غير صالح']);
    expect(ar.headers.get('Content-Language')).toBe('ar');
  });

  it('answers other failures (a wrong password) in the language too', async () => {
    const res = await server.call('POST', '/api/auth/token/', {
      host: GREENFIELD,
      json: { username: 'nobody', password: 'wrong-one' },
      headers: { 'Accept-Language': 'ar' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('اسم المستخدم أو كلمة المرور غير صحيحة.');
  });

  it('says its answers vary by language as well as by encoding', async () => {
    const big = await server.call('GET', '/api/books/?limit=100', { host: GREENFIELD, headers: { 'Accept-Encoding': 'br' } });
    expect(big.headers.get('Content-Encoding')).toBe('br');
    expect(big.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(big.headers.get('Vary')).toMatch(/Accept-Language/);
  });

  it('falls back to English', async () => {
    for (const language of [undefined, 'de-DE,de;q=0.9', 'en-GB']) {
      const res = await badEmail(language);
      expect(res.body.errors.email).toEqual(['Invalid email address']);
      expect(res.headers.get('Content-Language')).toBeNull();
    }
    // A message the catalogue does not have stays as it is.
    expect(translate('No API endpoint GET /api/nowhere', 'es')).toBe('No API endpoint GET /api/nowhere');
  });

  it('a staff member’s language is kept on the server, comes back at sign-in, and answers their failures', async () => {
    const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    expect(teacher.user.language).toBeNull();
    const kept = await server.call('PATCH', '/api/user/profile/', { host: GREENFIELD, token: teacher.access, json: { language: 'hi' } });
    expect(kept.status).toBe(200);
    expect(kept.body.language).toBe('hi');
    // Another device: the sign-in answer and the profile carry it.
    const again = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    expect(again.user.language).toBe('hi');
    const profile = await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: again.access });
    expect(profile.body.language).toBe('hi');
    // Their choice before the browser's: a refused language is answered in Hindi, not Spanish.
    const bad = await server.call('PATCH', '/api/user/profile/', {
      host: GREENFIELD,
      token: again.access,
      json: { language: 'tlh' },
      headers: { 'Accept-Language': 'es' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('Content-Language')).toBe('hi');
    expect(bad.body.errors.language).toEqual([translate('Choose a language from the list', 'hi')]);
    expect(bad.body.errors.language[0]).not.toBe('Choose a language from the list');
    // Back to the school's: null; then the browser's language answers again.
    const cleared = await server.call('PATCH', '/api/user/profile/', { host: GREENFIELD, token: again.access, json: { language: null } });
    expect(cleared.body.language).toBeNull();
    const spanish = await server.call('PATCH', '/api/user/profile/', {
      host: GREENFIELD,
      token: again.access,
      json: { language: 'tlh' },
      headers: { 'Accept-Language': 'es' },
    });
    expect(spanish.headers.get('Content-Language')).toBe('es');
  });

  it('a language chosen just after a failure answers the next failure at once (the language read is kept a few seconds)', async () => {
    const teacher = await signIn(server, 'teacher2@greenfield.example', 'Teach-demo-3');
    const refused = () =>
      server.call('PATCH', '/api/user/profile/', { host: GREENFIELD, token: teacher.access, json: { language: 'tlh' } });
    // The first failure reads (and keeps) the teacher's language: none, so English.
    expect((await refused()).headers.get('Content-Language')).toBeNull();
    expect(
      (await server.call('PATCH', '/api/user/profile/', { host: GREENFIELD, token: teacher.access, json: { language: 'es' } })).status,
    ).toBe(200);
    const spanish = await refused();
    expect(spanish.headers.get('Content-Language')).toBe('es');
    expect(spanish.body.errors.language).toEqual([translate('Choose a language from the list', 'es')]);
  });

  it('the school admin sets the site’s language; the site data carries it and failures follow it', async () => {
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    const site = await server.call('GET', '/api/current-tenant', { host: GREENFIELD });
    expect(site.body).toMatchObject({ default_language: 'en', allow_browser_language: false });
    const refused = await server.call('PATCH', '/api/api-school-admin/profile/', {
      host: GREENFIELD,
      token: head,
      json: { default_language: 'xx' },
    });
    expect(refused.status).toBe(400);
    const set = await server.call('PATCH', '/api/api-school-admin/profile/', {
      host: GREENFIELD,
      token: head,
      json: { default_language: 'fr', allow_browser_language: 'true' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ default_language: 'fr', allow_browser_language: true });
    const now = await server.call('GET', '/api/current-tenant', { host: GREENFIELD });
    expect(now.body).toMatchObject({ default_language: 'fr', allow_browser_language: true });
    // No Accept-Language: the school's language; a browser's language still comes first.
    const french = await badEmail();
    expect(french.headers.get('Content-Language')).toBe('fr');
    expect(french.body.errors.email).toEqual([translate('Invalid email address', 'fr')]);
    expect(french.body.errors.email[0]).not.toBe('Invalid email address');
    expect((await badEmail('es')).headers.get('Content-Language')).toBe('es');
    await server.call('PATCH', '/api/api-school-admin/profile/', {
      host: GREENFIELD,
      token: head,
      json: { default_language: 'en', allow_browser_language: 'false' },
    });
    expect((await badEmail()).headers.get('Content-Language')).toBeNull();
  });

  it('chooses the user’s language, else the browser’s, else the school’s, else English', () => {
    expect(fromAcceptLanguage('de;q=1, fr-CA;q=0.8, es;q=0.9')).toBe('es');
    expect(fromAcceptLanguage('*')).toBeUndefined();
    expect(requestLocale({ user: { language: 'hi' }, acceptLanguage: 'es', tenant: { default_language: 'ar' } })).toBe('hi');
    expect(requestLocale({ user: { language: null }, acceptLanguage: 'es', tenant: { default_language: 'ar' } })).toBe('es');
    expect(requestLocale({ acceptLanguage: 'de', tenant: { default_language: 'ar' } })).toBe('ar');
    expect(requestLocale({})).toBe('en');
  });

  it('reads .po entries across lines and leaves untranslated ones out', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: es\\n"',
      '',
      'msgid "Hello "',
      '"there"',
      'msgstr "Hola "',
      '"a todos"',
      '',
      'msgid "Untranslated"',
      'msgstr ""',
      '',
    ].join('\n');
    expect([...parsePo(po)]).toEqual([['Hello there', 'Hola a todos']]);
  });
});
