// Registration, forgotten passwords and invitations in Chromium: the spec's rules and words on
// the form, https:// on blur, the logo checks, the disabled button, the success screen, and the
// new school's own site.
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { screenshots, seriousViolations, site } from './support';

test('a school registers: every rule on the form, then Thank You for Registering and its own site', async ({ page }) => {
  await page.goto(`${site()}/register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register your school' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Register School' });
  await expect(submit).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'register-empty');

  const name = page.getByLabel('School name');
  await name.fill('ab');
  await name.blur();
  await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
  await name.fill('');
  await expect(page.getByText('Name is required')).toBeVisible();
  await name.fill('Maplewood Primary');
  await expect(page.getByText('Name is required')).toBeHidden();
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Maple');

  const email = page.getByLabel('Email');
  await email.fill('office');
  await email.blur();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await email.fill('office@maplewood.example');

  const website = page.getByLabel('Website');
  await website.fill('maplewood.example');
  await website.blur();
  await expect(website).toHaveValue('https://maplewood.example');
  await website.fill('https://');
  await website.blur();
  await expect(page.getByText('Invalid URL format')).toBeVisible();
  await website.fill('https://localhost');
  await expect(page.getByText('Invalid domain format')).toBeVisible();
  await website.fill('https://maplewood.example');

  const address = page.getByLabel('Site address');
  await expect(address).toHaveAttribute('placeholder', 'maplewood-primary');
  await address.fill('Maple_Wood');
  await address.blur();
  await expect(page.getByText('Subdomain can only contain lowercase letters, numbers, and hyphens')).toBeVisible();
  await expect(submit).toBeDisabled();
  await address.fill('');

  const logo = page.getByLabel('Logo (optional)');
  await logo.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Unsupported file format')).toBeVisible();
  await expect(submit).toBeDisabled();
  await logo.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText('File too large')).toBeVisible();
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await QRCode.toBuffer('Maplewood', { width: 120 }) });
  await expect(page.getByRole('img', { name: 'Your logo' })).toBeVisible();

  await expect(submit).toBeEnabled();
  await page.getByLabel('An organization').check();
  await expect(page.getByRole('button', { name: 'Register Organization' })).toBeEnabled();
  await expect(page.getByLabel('Organization name')).toHaveValue('Maplewood Primary');
  await page.getByLabel('A school').check();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'register-filled');

  await submit.click();
  await expect(page.getByRole('heading', { name: 'Thank You for Registering' })).toBeVisible();
  await expect(page.locator('.toast').filter({ hasText: 'office@maplewood.example' })).toBeVisible();
  const link = page.getByRole('link', { name: /^maplewood-primary\.localhost:\d+$/ });
  await expect(link).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'register-thanks');

  await page.goto(`${await link.getAttribute('href')}/library`);
  await expect(page.getByRole('banner').getByText('Maplewood Primary')).toBeVisible();
  await expect(page.getByRole('banner').locator('img.brand-logo')).toHaveAttribute('src', /\/api\/tenant-logos\/\d+\?v=/);
});

test('a taken address is refused with the server words, and the form stays as typed', async ({ page }) => {
  await page.goto(`${site()}/register`);
  await page.getByLabel('School name').fill('Greenfield Again');
  await page.getByLabel('First name').fill('G');
  await page.getByLabel('Last name').fill('A');
  await page.getByLabel('Email').fill('again@greenfield.example');
  await page.getByLabel('Website').fill('https://greenfield-again.example');
  await page.getByLabel('Site address').fill('greenfield');
  await page.getByRole('button', { name: 'Register School' }).click();
  await expect(page.getByRole('alert')).toHaveText('subdomain: This subdomain is already taken');
  await expect(page.getByLabel('School name')).toHaveValue('Greenfield Again');
});

test('Forgot Password answers the same for any address, and a bad reset link says so', async ({ page }) => {
  const base = site('greenfield');
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: /^Teacher or Administrator/ }).click();
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('teacher@greenfield.example');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'reset-request');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account exists for this email, we have sent a link to reset your password.')).toBeVisible();

  await page.goto(`${base}/password-reset-confirm?token=not-a-real-token`);
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Please ask for a new one.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an unknown invitation link says so', async ({ page }) => {
  await page.goto(`${site('greenfield')}/accept-invitation/not-a-real-invitation/`);
  await expect(page.getByRole('alert')).toHaveText('This invitation is invalid or has expired.');
  expect(await seriousViolations(page)).toEqual([]);
});
