// /verification in Chromium: a school registers; until its e-mail address is confirmed nobody can
// sign in to its site (even with a password set through Forgot Password); a bad link says so and
// offers a new one; the new link confirms the school, the old one no longer works, and the admin
// then signs in. The e-mails are the real ones the server sent (tests/e2e/global-setup.ts).
import { expect, test, type Page } from '@playwright/test';
import { linkInMail, screenshots, seriousViolations, site } from './support';

const EMAIL = 'office@oakfield.example';
const PASSWORD = 'Oakfield-office-7';
const SUB = 'oakfield-primary';

async function signIn(page: Page) {
  await page.goto(`${site(SUB)}/login`);
  await page.getByRole('button', { name: /^Teacher or Administrator/ }).click();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a school registers, cannot sign in until /verification confirms it, and the link can be sent again', async ({ page }) => {
  // Registered through the API (the form itself is tests/e2e/register.spec.ts).
  await page.goto(`${site()}/register`);
  const status = await page.evaluate(
    async ({ email, sub }) => {
      const form = new FormData();
      const fields = {
        is_organization: 'false',
        school_name: 'Oakfield Primary',
        school_email: email,
        domain_url: 'https://oakfield.example',
        subdomain: sub,
        first_name: 'Olu',
        last_name: 'Adeyemi',
        primary_color: '#1d4ed8',
        primary_color_light: '#dbeafe',
        primary_color_dark: '#1e3a8a',
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return (await fetch('/api/tenants/create/', { method: 'POST', body: form })).status;
    },
    { email: EMAIL, sub: SUB },
  );
  expect(status).toBe(201);
  const verifyLink = new RegExp(`http://${SUB}\\.localhost:\\d+/verification\\?token=[A-Za-z0-9%_-]+`);
  const first = await linkInMail(verifyLink);

  // A password chosen through Forgot Password does not open a site that is not confirmed.
  await page.goto(`${site(SUB)}/resetpasswordemail`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('If an account exists for this email, we have sent a link to reset your password.')).toBeVisible();
  const resetLink = await linkInMail(new RegExp(`http://${SUB}\\.localhost:\\d+/password-reset-confirm\\?token=[A-Za-z0-9%_-]+`));
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: /save|reset|set/i }).click();
  await page.waitForURL(/\/login/);
  await signIn(page);
  await expect(
    page.getByText(
      'This school’s e-mail address is not confirmed yet. Open the link we sent to it, or ask for a new one on the verification page.',
    ),
  ).toBeVisible();

  // A broken link says so and offers a new one.
  await page.goto(`${site(SUB)}/verification?token=not-a-real-token-at-all`);
  await expect(page.getByText('This confirmation link is invalid or has expired. Ask for a new one below.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'verification-invalid');
  await page.getByLabel('The school’s e-mail address').fill(EMAIL);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText('If a registration is waiting for this address, we have sent a new confirmation link.')).toBeVisible();
  const second = await linkInMail(verifyLink, [first]);

  // The first link was replaced by the new one.
  await page.goto(first);
  await expect(page.getByText('This confirmation link is invalid or has expired. Ask for a new one below.')).toBeVisible();

  await page.goto(second);
  await expect(page.getByText('Your e-mail address is confirmed and your site is live. Choose your password to sign in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose your password for Oakfield Primary' })).toHaveAttribute(
    'href',
    /\/password-reset-confirm\?token=/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'verification-confirmed');
  // Used once: the same link again is refused.
  await page.reload();
  await expect(page.getByText('This confirmation link is invalid or has expired. Ask for a new one below.')).toBeVisible();

  await signIn(page);
  await expect(page.getByText('Logged in successfully').first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});
