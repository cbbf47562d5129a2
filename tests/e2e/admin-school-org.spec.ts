// The school and organization areas in Chromium: an organization admin unlinks a school, invites
// it back by e-mail, the school admin accepts the link, and the organization sees the school's
// numbers again; a school admin edits its profile (only the changed field is sent) and visits its
// users, teachers, classes table and payment history. Every screen: axe clean, phone and tablet
// screenshots.
import { expect, test, type Page } from '@playwright/test';
import { checkScreen, nextChange, signInThroughApi, site } from './support';

async function signInAt(page: Page, tenant: string, email: string, password: string) {
  await page.goto(`${site(tenant)}/`);
  await signInThroughApi(page, email, password);
  // The first-visit welcome dialog (the dashboard switcher's roles) has been seen.
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
}

test('an organization admin invites a school and sees its numbers', async ({ page, browser }) => {
  await signInAt(page, 'riverbend', 'org@riverbend.example', 'Org-demo-1');
  await page.goto(`${site('riverbend')}/admin-organization/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Organization dashboard' })).toBeVisible();
  await expect(page.getByText('Greenfield Primary: students · teachers')).toBeVisible();
  await checkScreen(page, 'org-dashboard');

  await page.getByRole('link', { name: 'Schools', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Greenfield Primary', exact: true })).toBeVisible();
  await checkScreen(page, 'org-schools');

  // Unlink Greenfield, then invite it back by e-mail.
  await page.getByLabel('Select Greenfield Primary').check();
  await page.getByLabel('Bulk action').selectOption('unlink');
  await page.getByLabel('Option', { exact: true }).selectOption('unlink');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The school was unlinked from your organization.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Greenfield Primary', exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Invite a school' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a school' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await checkScreen(page, 'org-invite-school');
  await page.getByLabel("The school admin's email").fill('head@greenfield.example');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible();

  // Greenfield's admin sees the invitation among its organizations and accepts it.
  const schoolContext = await browser.newContext();
  const school = await schoolContext.newPage();
  await signInAt(school, 'greenfield', 'head@greenfield.example', 'Head-demo-1');
  await school.goto(`${site('greenfield')}/admin-school/organizations`);
  await expect(school.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expect(school.getByRole('cell', { name: 'Invitation waiting' })).toBeVisible();
  await checkScreen(school, 'school-organizations');
  await school.getByLabel('Select Riverbend Trust').check();
  await school.getByLabel('Bulk action').selectOption('link');
  await school.getByLabel('Option', { exact: true }).selectOption('accept');
  await school.getByRole('button', { name: 'Apply' }).click();
  await expect(school.getByText('Organizations updated.')).toBeVisible();
  await expect(school.getByRole('cell', { name: 'Linked', exact: true })).toBeVisible();
  await schoolContext.close();

  // The organization sees Greenfield again, with its numbers and classes.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'Greenfield Primary' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('0');
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Greenfield Primary' })).toBeVisible();
  await expect(page.getByText(/students$/).first()).toBeVisible();
  await checkScreen(page, 'org-school-detail');

  for (const [path, heading, name] of [
    ['user-dashboard', 'User dashboard', 'org-user-dashboard'],
    ['payment-history', 'Payment history', 'org-payment-history'],
    ['profile', 'Profile', 'org-profile'],
  ] as const) {
    await page.goto(`${site('riverbend')}/admin-organization/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await checkScreen(page, name);
  }
  // The sidebar collapses, and the switcher is in the header.
  await page.getByRole('button', { name: 'Hide menu' }).click();
  await expect(page.getByRole('button', { name: 'Show menu' })).toBeVisible();
});

test('a school admin edits its profile (one field sent) and manages its users and teachers', async ({ page }) => {
  await signInAt(page, 'greenfield', 'head@greenfield.example', 'Head-demo-1');
  await page.goto(`${site('greenfield')}/admin-school/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('School name')).toHaveValue('Greenfield Primary');
  await expect(page.getByLabel('Subdomain (optional: made from the name)')).toHaveCount(0);
  await checkScreen(page, 'school-profile');
  const patch = nextChange(page, 'PATCH', /^\/api-school-admin\/profile\/$/);
  await page.getByLabel('Buttons', { exact: true }).fill('#0B6E4F');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await patch).body).toEqual({ button_color: '#0B6E4F' });
  await expect(page.getByText('User updated successfully!')).toBeVisible();

  await page.goto(`${site('greenfield')}/admin-school/users`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // Every teacher's address contains 'teacher@': only this school's come back.
  await page.getByLabel('Search by name, email or username').fill('teacher@');
  await expect(page.getByRole('cell', { name: 'teacher@greenfield.example' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'teacher@hillside.example' })).toHaveCount(0);
  await checkScreen(page, 'school-users');
  await page.getByRole('row').filter({ hasText: 'teacher@greenfield.example' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tom Teacher' })).toBeVisible();
  await checkScreen(page, 'school-userprofile');

  await page.getByRole('link', { name: 'Teacher profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tom Teacher' })).toBeVisible();
  await expect(page.getByText(/ROBINS|\(/).first()).toBeVisible();
  await checkScreen(page, 'school-teacher-profile');
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('This teacher still teaches classes. Assign the classes to another teacher first.')).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit teacher' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Classes they teach' }).getByRole('checkbox').first()).toBeVisible();
  await checkScreen(page, 'school-teacher-edit');

  await page.goto(`${site('greenfield')}/admin-school/teacher/new/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a teacher' })).toBeVisible();
  await checkScreen(page, 'school-teacher-invite');

  for (const [path, heading, name] of [
    ['new-table', 'Classes and teachers', 'school-new-table'],
    ['payment-history', 'Payment history', 'school-payment-history'],
  ] as const) {
    await page.goto(`${site('greenfield')}/admin-school/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await checkScreen(page, name);
  }
});
