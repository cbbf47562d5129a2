// The registration form's rules (name, e-mail, website, subdomain, logo, colours) from the schema
// the server also uses, the machine from form to success screen, and how failures are worded.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { RegistrationRequest, registrationError, suggestSubdomain, withScheme, type RegistrationInput } from '@/contract/registration';
import { registrationMachine, type Registered } from '@/features/auth/registration.machine';

const VALID: RegistrationInput = {
  school_name: 'Oakwood Primary',
  school_email: 'office@oakwood.example',
  domain_url: 'https://oakwood.example',
  first_name: 'Olive',
  last_name: 'Oak',
  primary_color: '#11365A',
  primary_color_light: '#3A6EA5',
  primary_color_dark: '#0b2545',
};

const messages = (values: Partial<Record<keyof RegistrationInput, unknown>>) => {
  const result = RegistrationRequest.safeParse({ ...VALID, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('the registration rules', () => {
  it('accepts a complete form, a school by default', () => {
    expect(RegistrationRequest.parse(VALID)).toMatchObject({ is_organization: 'false', subdomain: '' });
  });

  it.each([
    ['school_name', '', 'Name is required'],
    ['school_name', '  ', 'Name is required'],
    ['school_name', 'ab', 'Name must be at least 3 characters'],
    ['school_name', 'x'.repeat(101), 'Name must not exceed 100 characters'],
    ['school_email', '', 'Email is required'],
    ['school_email', 'office@', 'Invalid email address'],
    ['domain_url', '', 'Domain URL is required'],
    ['domain_url', 'oakwood', 'Invalid URL format'],
    ['domain_url', 'ftp://oakwood.example', 'Invalid URL format'],
    ['domain_url', 'https://oakwood', 'Invalid domain format'],
    ['subdomain', 'Oak_wood', 'Subdomain can only contain lowercase letters, numbers, and hyphens'],
    ['subdomain', 'a'.repeat(64), 'Subdomain must not exceed 63 characters'],
    ['subdomain', '-oak', 'Subdomain cannot start or end with a hyphen'],
    ['primary_color', '#12345', 'Invalid hex color code'],
    ['primary_color_light', 'blue', 'Invalid hex color code'],
    ['primary_color_dark', '', 'Primary color dark is required'],
    ['first_name', '', 'First name is required'],
    ['last_name', '', 'Last name is required'],
    ['logo', new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }), 'Unsupported file format'],
    ['logo', new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }), 'File too large'],
  ] as const)('refuses %s %j with "%s"', (field, value, message) => {
    expect(messages({ [field]: value })).toEqual({ [field]: message });
  });

  it('takes JPEG, PNG and SVG logos up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/svg+xml']) {
      expect(messages({ logo: new File([new Uint8Array(5 * 1024 * 1024)], 'logo', { type }) })).toEqual({});
    }
  });

  it('prepends https:// on blur to a website typed without a scheme, and only then', () => {
    expect(withScheme('oakwood.example')).toBe('https://oakwood.example');
    expect(withScheme('  www.oakwood.example/about ')).toBe('https://www.oakwood.example/about');
    expect(withScheme('http://oakwood.example')).toBe('http://oakwood.example');
    expect(withScheme('')).toBe('');
  });

  it('suggests a site address from the name', () => {
    expect(suggestSubdomain("St. Mary's Primary École")).toBe('st-marys-primary-ecole');
    expect(suggestSubdomain('  --  ')).toBe('');
    expect(suggestSubdomain('x'.repeat(80))).toHaveLength(63);
  });

  it("words a failure as the server's message, else its field errors, else the default", () => {
    const fallback = 'Registration failed. Please check your inputs and try again.';
    expect(registrationError({ message: 'subdomain: taken' }, fallback)).toBe('subdomain: taken');
    expect(registrationError({ errors: { school_name: ['Name is required'], domain_url: ['Invalid URL format'] } }, fallback)).toBe(
      'school name: Name is required; domain url: Invalid URL format',
    );
    expect(registrationError(undefined, fallback)).toBe(fallback);
  });
});

describe('the registration machine', () => {
  function start(register: (input: { values: RegistrationInput; invitation?: string }) => Promise<Registered>) {
    const announced: { message: string; kind: string }[] = [];
    const calls: { values: RegistrationInput; invitation?: string }[] = [];
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          register: fromPromise(async ({ input }) => {
            calls.push(input);
            return register(input);
          }),
        },
        actions: { announce: (_, params) => void announced.push(params) },
      }),
    ).start();
    return { actor, announced, calls };
  }
  const DONE: Registered = { message: 'Thank you!', subdomain: 'oakwood-primary', site: 'http://oakwood-primary.localhost' };

  it('does not send an invalid form', () => {
    const t = start(async () => DONE);
    t.actor.send({ type: 'SUBMIT', values: { ...VALID, school_name: 'ab' } });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.calls).toEqual([]);
  });

  it('sends a valid form with its invitation, then shows the success screen with the server message', async () => {
    const t = start(async () => DONE);
    t.actor.send({ type: 'SUBMIT', values: VALID, invitation: 'token-1' });
    expect(t.actor.getSnapshot().value).toBe('submitting');
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.actor.getSnapshot().value).toBe('registered');
    expect(t.actor.getSnapshot().context.result).toEqual(DONE);
    expect(t.calls).toEqual([{ values: VALID, invitation: 'token-1' }]);
    expect(t.announced).toEqual([{ message: 'Thank you!', kind: 'success' }]);
  });

  it("says 'Registration successful!' when the server sends no message", async () => {
    const t = start(async () => ({ ...DONE, message: '' }));
    t.actor.send({ type: 'SUBMIT', values: VALID });
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.announced).toEqual([{ message: 'Registration successful!', kind: 'success' }]);
  });

  it('returns to the form with the failure, and forgets it once the form is edited', async () => {
    let fail: Error = new Error('subdomain: This subdomain is already taken');
    const t = start(async () => Promise.reject(fail));
    t.actor.send({ type: 'SUBMIT', values: VALID });
    await waitFor(t.actor, (s) => s.context.error !== null);
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.actor.getSnapshot().context.error).toBe('subdomain: This subdomain is already taken');
    expect(t.announced).toEqual([{ message: 'subdomain: This subdomain is already taken', kind: 'error' }]);
    t.actor.send({ type: 'EDIT' });
    expect(t.actor.getSnapshot().context.error).toBeNull();
    fail = new Error('');
    t.actor.send({ type: 'SUBMIT', values: VALID });
    await waitFor(t.actor, (s) => s.context.error !== null);
    expect(t.actor.getSnapshot().context.error).toBe('Registration failed. Please check your inputs and try again.');
  });
});
