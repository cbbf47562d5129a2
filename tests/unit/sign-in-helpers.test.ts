// Small rules of the sign-in page: what a QR login card must hold, where sign-in goes next
// (never off this site), and what the segment after /login means on each kind of site.
import { afterEach, describe, expect, it } from 'vitest';
import { loginCardText, parseLoginCard } from '@/contract/login-card';
import { loginToken, type Site } from '@/features/auth/login-page';
import { afterSignIn, kiosk, safeReturnPath } from '@/features/auth/redirect-target';

describe('QR login cards', () => {
  it('reads the username and password of a card, and what the card printer writes', () => {
    const text = loginCardText({ username: 'amara.okafor', password: 'kite-7', class_code: 'ROBINS4' });
    expect(parseLoginCard(text)).toEqual({ ok: true, card: { username: 'amara.okafor', password: 'kite-7', class_code: 'ROBINS4' } });
    expect(parseLoginCard('{"username":" zoe.zhang ","password":"moon-3","extra":1}')).toEqual({
      ok: true,
      card: { username: 'zoe.zhang', password: 'moon-3' },
    });
  });

  it('refuses text that is not a JSON object, and cards without both username and password', () => {
    for (const text of ['hello', 'https://example.com', '[1,2]', 'null', '"amara"', ''])
      expect(parseLoginCard(text)).toEqual({ ok: false, reason: 'not-json' });
    for (const text of [
      '{}',
      '{"username":"amara.okafor"}',
      '{"password":"kite-7"}',
      '{"username":"","password":"x"}',
      '{"username":"a","password":""}',
      '{"username":1,"password":2}',
    ]) {
      expect(parseLoginCard(text), text).toEqual({ ok: false, reason: 'incomplete' });
    }
  });
});

describe('after sign-in', () => {
  afterEach(() => sessionStorage.clear());

  it('goes to the invitation, else the page the user came from, else /', () => {
    expect(afterSignIn({ invitation: 'a b', redirect: '/library' })).toBe('/accept-invitation/a%20b/');
    expect(afterSignIn({ redirect: '/admin-school/classes?x=1' })).toBe('/admin-school/classes?x=1');
    expect(afterSignIn({})).toBe('/community'); // a parent: no role of their own
    expect(afterSignIn({}, 'teacher')).toBe('/');
    // A child with no page to go back to lands on their own writing, not the shop.
    expect(afterSignIn({}, 'student')).toBe('/dashboard');
    expect(afterSignIn({ redirect: '/uploadbook' }, 'student')).toBe('/uploadbook');
  });

  it('never leaves this site, and never returns to the sign-in or sign-out pages', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login/ROBINS4',
      '/logout',
      '',
    ]) {
      expect(safeReturnPath(bad), bad).toBeUndefined();
    }
    expect(safeReturnPath('/loginhelp')).toBe('/loginhelp');
  });

  it("remembers a kiosk's class for this tab, so sign-out returns to it", () => {
    expect(kiosk.loginPath()).toBe('/login');
    kiosk.remember('ROBINS4');
    expect(kiosk.loginPath()).toBe('/login/ROBINS4');
  });
});

describe('the segment after /login', () => {
  const school: Site = {
    id: 1,
    subdomain: 'greenfield',
    school_name: 'Greenfield Primary',
    community_access: true,
    is_organization: false,
  };
  const platform: Site = { id: null, subdomain: null, school_name: 'StoryNest', community_access: false, is_organization: false };
  const organization: Site = { ...school, id: 3, subdomain: 'riverbend', is_organization: true };

  it("is a kiosk's class code on a school's site, and nothing when it names the school itself", () => {
    expect(loginToken('robins4', school)).toEqual({ kind: 'class', code: 'ROBINS4' });
    expect(loginToken('greenfield', school)).toEqual({ kind: 'none' });
    expect(loginToken(undefined, school)).toEqual({ kind: 'none' });
    expect(loginToken('not a code!', school)).toEqual({ kind: 'none' });
    expect(loginToken('ROBINS4', organization)).toEqual({ kind: 'none' });
  });

  it("is a school's address on the platform's site", () => {
    expect(loginToken('greenfield', platform)).toEqual({ kind: 'school', subdomain: 'greenfield' });
    expect(loginToken('Greenfield.evil', platform)).toEqual({ kind: 'none' });
  });
});
