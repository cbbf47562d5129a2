// Issue 21's school journeys in Chromium: a parent enters the community password and their first
// screen is their class's community stories (their child's on top once they say who it is); a
// school admin creates a class with a teacher, changes its teacher, and invites a teacher from the
// Teachers page, which lists every teacher of the school. Phone and tablet screenshots, axe checks.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');

async function accessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test("a parent's first screen shows their class's community stories, their child's on top", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: /Parent/ }).click();
  await page.getByLabel('Community password').fill('greenfield-parents');
  await page.getByRole('button', { name: 'Enter Community' }).click();
  await expect(page).toHaveURL(`${base}/community`);
  await expect(page.getByRole('heading', { level: 1, name: 'Our school’s stories' })).toBeVisible();

  await page.getByLabel('Your child’s class').selectOption({ label: 'Year 4 Robins' });
  const classShelf = page.getByRole('region', { name: 'Stories from Year 4 Robins' });
  await expect(classShelf).toBeVisible();
  // The class's community work, a story a stranger cannot read among it.
  const home = await page.evaluate(async () => {
    const classId = (JSON.parse(localStorage.getItem('community_home') ?? '{}') as { class_id: number }).class_id;
    return (await (await fetch(`/api/community/home/?class_id=${classId}`)).json()) as {
      stories: { slug: string; title: string; shelf: string }[];
      writers: { id: number; name: string }[];
    };
  });
  const classStories = home.stories.filter((s) => s.shelf === 'class');
  expect(classStories.length).toBeGreaterThan(0);
  await expect(classShelf.getByRole('link', { name: classStories[0]!.title })).toBeVisible();
  let communityOnly: string | undefined;
  for (const s of classStories) {
    const status = await page.evaluate(async (slug) => {
      // A stranger's view: no community cookie.
      const res = await fetch(`/api/reading/stories/${slug}/`, { credentials: 'omit' });
      return res.status;
    }, s.slug);
    if (status !== 200) {
      communityOnly = s.title;
      break;
    }
  }
  if (communityOnly) await expect(classShelf.getByRole('link', { name: communityOnly })).toBeVisible();
  await accessible(page);
  await screenshots(page, 'parent-home-class');

  // The parent says which writer is their child: that child's stories come first.
  const child = home.writers[0]!;
  await page.getByLabel('Your child', { exact: true }).selectOption({ label: child.name });
  const childShelf = page.getByRole('region', { name: `Stories by ${child.name}` });
  await expect(childShelf).toBeVisible();
  const shelves = await page.locator('.community-shelf h2').allTextContents();
  expect(shelves[0]).toBe(`Stories by ${child.name}`);
  // Remembered on this device: the next visit opens at the same place.
  await page.reload();
  await expect(page.getByRole('region', { name: `Stories by ${child.name}` })).toBeVisible();
  await accessible(page);
  await screenshots(page, 'parent-home-child');
});

test('a school admin creates a class, changes its teacher, and invites a teacher from the Teachers page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));

  // Teachers: every teacher of the school, the one with no class too.
  await page.goto(`${base}/admin-school/teachers`);
  await expect(page.getByRole('heading', { level: 1, name: 'Teachers' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'teacher@greenfield.example' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'teacher2@greenfield.example' })).toBeVisible();
  await accessible(page);
  await screenshots(page, 'school-teachers');

  // A class, with the second teacher.
  await page.goto(`${base}/admin-school/classes`);
  await page.getByRole('link', { name: 'Create a class' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a class' })).toBeVisible();
  await page.getByLabel('Class name').fill('Year 1 Wrens');
  await page.getByLabel('Teacher').selectOption({ index: 2 });
  const chosen = await page.getByLabel('Teacher').locator('option:checked').textContent();
  await accessible(page);
  await screenshots(page, 'school-create-class');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Class created.')).toBeVisible();
  const made = await page.evaluate(async () => {
    const res = await fetch('/api/api-school-admin/classes/?search=Wrens', {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return ((await res.json()) as { results: { id: number; name: string; teacher_name: string | null }[] }).results;
  });
  expect(made).toHaveLength(1);
  expect(made[0]!.teacher_name).toBe(chosen);

  // Its teacher changes.
  await page.goto(`${base}/admin-school/classform?id=${made[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit class' })).toBeVisible();
  await expect(page.getByLabel('Class name')).toHaveValue('Year 1 Wrens');
  // Another of the school's teachers (not "no teacher").
  const teachers = await page
    .getByLabel('Teacher')
    .locator('option')
    .evaluateAll((options) => (options as HTMLOptionElement[]).filter((o) => o.value !== '').map((o) => o.textContent ?? ''));
  const other = teachers.find((name) => name !== chosen)!;
  await page.getByLabel('Teacher').selectOption({ label: other });
  expect(other).not.toBe(chosen);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Class updated.')).toBeVisible();
  await expect
    .poll(async () =>
      page.evaluate(async (id) => {
        const res = await fetch(`/api/api-school-admin/classes/${id}/`, {
          headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
        });
        const k = (await res.json()) as { teacher_id: number | null; teacher_options: { id: number; name: string }[] };
        return k.teacher_options.find((t) => t.id === k.teacher_id)?.name;
      }, made[0]!.id),
    )
    .toBe(other);

  // A teacher invited from the Teachers page.
  await page.goto(`${base}/admin-school/teachers`);
  await page.getByRole('link', { name: 'Invite a teacher' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a teacher' })).toBeVisible();
  await page.getByLabel('Email').fill('new.teacher@greenfield.example');
  await page.getByLabel('Role').selectOption('teacher');
  await accessible(page);
  await screenshots(page, 'school-invite-teacher');
  await page.getByRole('button', { name: /^(Save|Send)/ }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
});
