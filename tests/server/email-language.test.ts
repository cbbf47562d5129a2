// E-mails in the recipient's language (issue 26): a staff member's own language, else their
// school's, else English; a registration's confirmation in the language it was asked in; a form
// sent to a school's office in the school's language. English reads as it always has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../server/db/schema';
import { fillIn, translate } from '../../server/http/language';
import { EMAIL_MSG } from '../../src/contract/email-messages';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('e-mails in the recipient’s language on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  const lastMailTo = async (to: string) =>
    (await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id)).limit(1))[0]!;
  /** A mail's words, its links left out. */
  const words = (text: string) => text.replace(/https?:\/\/\S+/g, '');
  const reset = (email: string, host: string, language?: string) =>
    server.call('POST', '/api/password-reset/', { host, json: { email }, headers: language ? { 'Accept-Language': language } : {} });

  it('a staff member who chose Spanish gets their password reset in Spanish, whatever the browser asks', async () => {
    const tom = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    const kept = await server.call('PATCH', '/api/user/profile/', { host: GREENFIELD, token: tom.access, json: { language: 'es' } });
    expect(kept.status).toBe(200);
    expect((await reset('teacher@greenfield.example', GREENFIELD, 'fr')).status).toBe(200);
    const mail = await lastMailTo('teacher@greenfield.example');
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toMatch(
      /^Hola Tom,\n\nAlguien pidió restablecer la contraseña de tu cuenta\. .*una hora:\n\nhttp:\/\/\S+\n\nSi no fuiste tú/,
    );
    expect(words(mail.text)).not.toContain('password');
  });

  it('at a school whose language is Arabic, a staff member without a choice gets it in Arabic', async () => {
    const head = (await signIn(server, 'head@hillside.example', 'Head-demo-2', HILLSIDE)).access;
    const set = await server.call('PATCH', '/api/api-school-admin/profile/', {
      host: HILLSIDE,
      token: head,
      json: { default_language: 'ar' },
    });
    expect(set.status).toBe(200);
    expect((await reset('teacher@hillside.example', HILLSIDE, 'es')).status).toBe(200);
    const mail = await lastMailTo('teacher@hillside.example');
    expect(mail.subject).toBe('أعد تعيين كلمة المرور');
    expect(mail.text).toMatch(/^مرحبًا Hannah،\n\n/);
    expect(words(mail.text)).not.toMatch(/Hello|password/);
    // The school's office gets a form sent on its site in the school's language too.
    const form = await server.call('POST', '/api/forms/contact/', {
      host: HILLSIDE,
      json: { name: 'Ada Parent', email: 'ada@example.org', topic: 'question', message: 'When is the next book sale at school?' },
    });
    expect(form.status).toBe(201);
    const office = await lastMailTo('office@hillside.example');
    expect(office.subject).toBe('رسالة من Ada Parent (Hillside Academy)');
    expect(office.text).toContain('When is the next book sale at school?');
    expect(office.text).toContain('Ada Parent <ada@example.org>');
    expect(office.text).not.toMatch(/Reply to|sent on/);
    // The topic chosen on the form, in the words the form showed, not its code.
    expect(office.text).toContain(translate('A question', 'ar'));
    expect(office.text).not.toMatch(/\bquestion\b/);
  });

  it('a user without a choice at an English school gets today’s English, word for word', async () => {
    expect((await reset('head@greenfield.example', GREENFIELD, 'es')).status).toBe(200);
    const mail = await lastMailTo('head@greenfield.example');
    expect(mail.subject).toBe('Reset your password');
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    expect(mail.text).toBe(
      `Hello Grace,\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    );
  });

  it('a school registered in French is asked to confirm its address in French', async () => {
    const form = new FormData();
    const fields = {
      school_name: 'École des Lilas',
      school_email: 'bureau@lilas.example',
      domain_url: 'https://lilas.example',
      first_name: 'Lise',
      last_name: 'Lilas',
      primary_color: '#123456',
      primary_color_light: '#3A6EA5',
      primary_color_dark: '#0B2545',
    };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    const res = await server.call('POST', '/api/tenants/create/', {
      host: 'localhost:8080',
      body: form,
      headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
      address: '198.51.100.77',
    });
    expect(res.status).toBe(201);
    const mail = await lastMailTo('bureau@lilas.example');
    expect(mail.subject).toBe('Confirmez votre adresse e-mail pour École des Lilas');
    expect(mail.text).toMatch(/^Bonjour Lise,\n\nMerci d’avoir inscrit École des Lilas\./);
    expect(mail.text).not.toMatch(/Hello|Thank you|GMT/);
  });

  it('writes numbers in the language’s digits, English as always', () => {
    const lapse = (locale: 'en' | 'ar' | 'hi') => fillIn(EMAIL_MSG.verifyLapse, locale, { days: 3, subdomain: 'oak' });
    expect(lapse('en')).toContain('within 3 days lapses');
    expect(lapse('ar')).toContain('٣');
    expect(lapse('hi')).toContain('3');
    expect(fillIn(EMAIL_MSG.formStudents, 'en', { students: 1200, classes: 4 })).toBe(
      'students: 1200 in 4 classes (review it in the admin panel)',
    );
  });
});
