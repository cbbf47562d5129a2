// Sign-in journeys in Chromium on greenfield.localhost: a child with class code, profile and
// password; a teacher; a parent; a QR login card from a photo and from the camera; the spec's
// messages for wrong codes, wrong passwords and empty fields; a locked account; a kiosk; and a
// shared tablet after sign-out. Each step is checked with axe and photographed.
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');

async function accessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Waits for the toast (the success screen says the same words). */
const toastSays = (page: Page, text: string) => expect(page.locator('.toast').filter({ hasText: text })).toBeVisible();

async function chooseRole(page: Page, role: 'Student' | 'Teacher or Administrator' | 'Parent') {
  await page.getByRole('button', { name: new RegExp(`^${role}`) }).click();
}

const classCode = (page: Page) => page.getByRole('textbox', { name: 'Class code' });
const profile = (page: Page, name: string) => page.getByRole('list', { name: 'Students' }).getByRole('button', { name });

async function openClass(page: Page, code: string) {
  await chooseRole(page, 'Student');
  await classCode(page).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function loginCard(card: unknown): Promise<Buffer> {
  return QRCode.toBuffer(typeof card === 'string' ? card : JSON.stringify(card), { scale: 8, margin: 4 });
}

test('a student signs in with class code ROBINS4, Amara Okafor and kite-7', async ({ page }) => {
  await page.goto(`${base}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await accessible(page);
  await screenshots(page, 'sign-in-1-role');

  await chooseRole(page, 'Student');
  await expect(page.getByRole('heading', { name: 'Enter your class code' })).toBeVisible();
  await expect(classCode(page)).toBeFocused();
  await classCode(page).fill('robins4');
  await expect(classCode(page)).toHaveValue('ROBINS4');
  await accessible(page);
  await screenshots(page, 'sign-in-2-class-code');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  await expect(page.getByText('Year 4 Robins')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Students' }).getByRole('button');
  await expect(cards).toHaveCount(20);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await accessible(page);
  await screenshots(page, 'sign-in-3-profiles');
  await page.getByLabel('Find your name').fill('amara');
  await expect(cards).toHaveCount(1);
  await profile(page, 'Amara Okafor').click();

  await expect(page.getByRole('heading', { name: 'Enter Password' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('amara.okafor');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill('kite-7');
  await accessible(page);
  await screenshots(page, 'sign-in-4-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await toastSays(page, 'Logged in successfully');
  await screenshots(page, 'sign-in-5-success');
  // A child lands on their own writing, not the shop.
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByRole('heading', { name: 'My writing' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({ username: 'amara.okafor', role: 'student' });
  // The offline sync knows who owns this device's new writes.
  const owner = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('storynest');
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get('session');
          get.onsuccess = () => resolve(get.result?.value);
        };
      }),
  );
  expect(owner).toEqual({ owner_id: stored.id, tenant: 'greenfield' });

  // Signed in, /login goes to /.
  await page.goto(`${base}/login`);
  await expect(page).toHaveURL(`${base}/`);
});

test('a large class is paged, Back keeps the page, and sign-in returns to the page the child came from', async ({ page }) => {
  await page.goto(`${base}/login?redirect=${encodeURIComponent('/charities')}`);
  await openClass(page, 'OWLS5');
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Students' }).getByRole('button');
  await expect(cards).toHaveCount(20);
  const name = (await cards.first().locator('.profile-name').textContent())!.trim();
  await cards.first().click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await expect(cards.first()).toContainText(name);
  await page.getByLabel('Find your name').fill('Zoe Zh');
  await expect(cards).toHaveCount(1);
  await profile(page, 'Zoe Zhang').click();
  await page.getByLabel('Password', { exact: true }).fill('moon-3');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await toastSays(page, 'Logged in successfully');
  await expect(page).toHaveURL(`${base}/charities`);
});

test('a teacher signs in with email and password and returns to the guarded page', async ({ page }) => {
  await page.goto(`${base}/dashboard`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  await chooseRole(page, 'Teacher or Administrator');
  await expect(page.getByRole('heading', { name: 'Teacher or Administrator' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/resetpasswordemail');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter your email/username.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await accessible(page);
  await screenshots(page, 'sign-in-teacher-empty');

  await page.getByLabel('Email').fill('teacher@greenfield.example');
  await page.getByLabel('Password', { exact: true }).fill('Teach-demo-1');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await accessible(page);
  await screenshots(page, 'sign-in-teacher');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await toastSays(page, 'Logged in successfully');
  await expect(page).toHaveURL(`${base}/dashboard`);
});

test('a parent enters the community with the community password, and leaves it', async ({ page }) => {
  await page.goto(`${base}/login`);
  await chooseRole(page, 'Parent');
  await expect(page.getByRole('heading', { name: 'Parent' })).toBeVisible();
  await page.getByRole('button', { name: 'Enter Community' }).click();
  await expect(page.getByText('Please enter a password.')).toBeVisible();
  await page.getByLabel('Community password').fill('not-it');
  await page.getByRole('button', { name: 'Enter Community' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid password. Please try again.');
  await accessible(page);
  await screenshots(page, 'sign-in-parent');
  await page.getByLabel('Community password').fill('greenfield-parents');
  await page.getByRole('button', { name: 'Enter Community' }).click();
  await toastSays(page, 'Community login successful! Welcome back.');
  // A parent's home is their class's and school's stories.
  await expect(page).toHaveURL(`${base}/community`);
  const access = () => page.evaluate(async () => (await (await fetch('/api/check-generic-access')).json()).authenticated);
  expect(await access()).toBe(true);

  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await access()).toBe(false);
});

test('a QR login card signs a child in from a photo, and bad cards are refused', async ({ page }) => {
  await page.goto(`${base}/login`);
  await chooseRole(page, 'Student');
  const upload = page.getByLabel('Upload a photo of your card');
  await upload.setInputFiles({ name: 'not-a-card.png', mimeType: 'image/png', buffer: await loginCard('https://example.com/not-json') });
  await expect(page.getByRole('alert')).toHaveText('Invalid QR code format');
  await upload.setInputFiles({ name: 'half-a-card.png', mimeType: 'image/png', buffer: await loginCard({ username: 'amara.okafor' }) });
  await expect(page.getByRole('alert')).toHaveText('This QR code has no username or password. Please use your login card.');
  await upload.setInputFiles({
    name: 'card.png',
    mimeType: 'image/png',
    buffer: await loginCard({ username: 'amara.okafor', password: 'kite-7', class_code: 'ROBINS4' }),
  });
  await toastSays(page, 'Logged in successfully');
  await expect(page).toHaveURL(`${base}/dashboard`);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).username)).toBe('amara.okafor');
});

/** A camera that films the given card, recording its tracks so a test can see them stopped. */
async function fakeCamera(page: Page, card: Buffer) {
  await page.addInitScript(
    (dataUrl: string) => {
      const tracks: MediaStreamTrack[] = [];
      (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = tracks;
      const devices = navigator.mediaDevices ?? ({} as MediaDevices);
      if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: devices });
      devices.getUserMedia = async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 640;
        canvas.height = 480;
        const context = canvas.getContext('2d')!;
        const img = new Image();
        img.src = dataUrl;
        await img.decode();
        const draw = () => {
          context.fillStyle = '#ffffff';
          context.fillRect(0, 0, 640, 480);
          context.drawImage(img, 170, 90, 300, 300);
        };
        draw();
        const timer = setInterval(draw, 100);
        const stream = canvas.captureStream(10);
        for (const track of stream.getTracks()) {
          const stop = track.stop.bind(track);
          track.stop = () => {
            clearInterval(timer);
            stop();
          };
          tracks.push(track);
        }
        return stream;
      };
    },
    `data:image/png;base64,${card.toString('base64')}`,
  );
}

const cameraTracks = (page: Page) =>
  page.evaluate(() => (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((t) => t.readyState));

test('Cancel Scanning releases the camera', async ({ page }) => {
  // The page reads camera frames while axe and two screenshots run: on a loaded machine this
  // took 17 to 33 s of the 60 s allowed, and once (a fresh clone under CI) passed it.
  test.slow();
  await fakeCamera(page, await loginCard('not a login card'));
  await page.goto(`${base}/login`);
  await chooseRole(page, 'Student');
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  await expect(page.getByRole('heading', { name: 'Scan your login card' })).toBeVisible();
  await expect.poll(() => cameraTracks(page)).toEqual(['live']);
  await expect(page.getByRole('alert')).toHaveText('Invalid QR code format');
  await accessible(page);
  await screenshots(page, 'sign-in-qr-scanning');
  await page.getByRole('button', { name: 'Cancel Scanning' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your class code' })).toBeVisible();
  await expect.poll(() => cameraTracks(page)).toEqual(['ended']);

  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  await expect.poll(() => cameraTracks(page)).toEqual(['ended', 'live']);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect.poll(() => cameraTracks(page)).toEqual(['ended', 'ended']);
});

test('the camera reads a login card and signs the child in, then lets the camera go', async ({ page }) => {
  await fakeCamera(page, await loginCard({ username: 'zoe.zhang', password: 'moon-3' }));
  await page.goto(`${base}/login`);
  await chooseRole(page, 'Student');
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  await toastSays(page, 'Logged in successfully');
  await expect(page).toHaveURL(`${base}/dashboard`);
  expect(await cameraTracks(page)).toEqual(['ended']);
});

test("shows the spec's messages for a wrong or empty class code and a wrong or empty password", async ({ page }) => {
  await page.goto(`${base}/login`);
  await chooseRole(page, 'Student');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter a class code.')).toBeVisible();
  await classCode(page).fill('NOPE1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid class code. Please check and try again.');
  await toastSays(page, 'Invalid class code. Please check and try again.');
  await accessible(page);
  await screenshots(page, 'sign-in-wrong-code');
  // Another school's class is no class here.
  await classCode(page).fill('HILL3');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid class code. Please check and try again.');

  await classCode(page).fill('ROBINS4');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Find your name').fill('sam adams');
  await profile(page, 'Sam Adams').click();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await screenshots(page, 'sign-in-wrong-password');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await chooseRole(page, 'Teacher or Administrator');
  await page.getByLabel('Email').fill('teacher@greenfield.example');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
});

test("tells a child whose account is locked what to do, and the teacher's unlock lets them in", async ({ page }) => {
  await page.goto(`${base}/login`);
  // Wrong passwords from this network address on two other tablets (more than the ten that lock
  // the child on one tablet) lock the account here too; one other tablet would lock only itself.
  const child = await page.evaluate(async () => {
    const roster = await (await fetch('/api/list-student-in-class/ROBINS4/?search=theo')).json();
    const theo = roster.results.students[0];
    for (let i = 0; i < 20; i++) {
      await fetch('/api/auth/token/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Device-Id': `someone-elses-tablet-${i % 2}` },
        body: JSON.stringify({ username: theo.username, password: 'wrong' }),
      });
    }
    return theo as { id: number; username: string };
  });
  await openClass(page, 'ROBINS4');
  await page.getByLabel('Find your name').fill('theo');
  await profile(page, 'Theo Adams').click();
  await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Too many wrong passwords for this account. Ask your teacher to unlock it, or try again in 15 minutes.',
  );
  await screenshots(page, 'sign-in-locked');

  const teacher = await page.context().newPage();
  await teacher.goto(`${base}/library`);
  const { access } = await signInThroughApi(teacher, 'teacher@greenfield.example', 'Teach-demo-1');
  const status = await teacher.evaluate(
    async ({ id, access }) =>
      (await fetch(`/api/students/${id}/unlock/`, { method: 'POST', headers: { Authorization: `Bearer ${access}` } })).status,
    { id: child.id, access },
  );
  expect(status).toBe(200);
  await teacher.close();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
});

test('a classroom kiosk opens at the class, and brings the next child back to it after sign-out', async ({ page }) => {
  await page.goto(`${base}/login/ROBINS4`);
  await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  await page.getByLabel('Find your name').fill('amara');
  await profile(page, 'Amara Okafor').click();
  await page.getByLabel('Password', { exact: true }).fill('kite-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await toastSays(page, 'Logged in successfully');
  await expect(page).toHaveURL(`${base}/dashboard`);
  await page.goto(`${base}/logout`);
  await expect(page).toHaveURL(`${base}/login/ROBINS4`);
  await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  // The school's own segment is just its sign-in page.
  await page.goto(`${base}/login/greenfield/`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

/** Everything readable on the device: every IndexedDB record and every cached answer, as text. */
async function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    const stores: Record<string, unknown[]> = {};
    for (const { name } of databases) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        stores[`${name}.${store}`] = await new Promise((resolve) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
        });
      }
      db.close();
    }
    const cached: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      cached[name] = await Promise.all(
        (await cache.keys()).map(async (request) => `${request.url} ${await (await cache.match(request))!.text()}`),
      );
    }
    return { stores, cached, local: JSON.stringify({ ...localStorage }) };
  });
}

/** Puts a student's personal data where the app keeps it: the device tables and an API cache. */
async function fillDevice(page: Page, userId: number, pendingChange: boolean) {
  await page.evaluate(
    async ({ userId, pendingChange }) => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open('storynest');
        open.onsuccess = () => resolve(open.result);
      });
      const put = (store: string, value: unknown) =>
        new Promise<void>((resolve, reject) => {
          const tx = db.transaction(store, 'readwrite');
          tx.objectStore(store).put(value);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      await put('user', {
        id: userId,
        first_name: 'Amara',
        last_name: 'Okafor',
        email: null,
        username: 'amara.okafor',
        role: 'student',
        avatar: null,
        country: null,
        tenant_id: 1,
      });
      await put('cart', { item_id: 42, added_at: 'amara.okafor-cart' });
      await put('students', {
        id: userId,
        first_name: 'Amara',
        last_name: 'Okafor',
        username: 'amara.okafor',
        email: null,
        privacy_preference: 'private',
        class_id: 1,
        archived: false,
        no_of_books: 0,
        date_joined: '',
        last_login: null,
        updated_at: '',
      });
      if (pendingChange) {
        await put('outbox', {
          id: 'amara-change-1',
          schema_version: 1,
          owner_id: userId,
          tenant: 'greenfield',
          method: 'POST',
          path: '/data/cart/items/',
          body: { book_id: 42 },
          created_at: Date.now(),
          attempts: 0,
          next_attempt_at: Date.now() + 3_600_000,
          status: 'pending',
          last_error: null,
        });
      }
      db.close();
      const personal = await caches.open('api-personal');
      await personal.put('/api/user/profile/', new Response(JSON.stringify({ username: 'amara.okafor', first_name: 'Amara' })));
      const covers = await caches.open('covers');
      await covers.put('/api/covers/1.svg', new Response('<svg>a cover</svg>'));
    },
    { userId, pendingChange },
  );
}

async function signInAmara(page: Page) {
  await page.goto(`${base}/login/ROBINS4`);
  await page.getByLabel('Find your name').fill('amara');
  await profile(page, 'Amara Okafor').click();
  await page.getByLabel('Password', { exact: true }).fill('kite-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
  return page.evaluate(() => ({
    id: JSON.parse(localStorage.getItem('user')!).id as number,
    refresh: localStorage.getItem('refreshToken')!,
  }));
}

test('signing a student out on a shared tablet leaves none of their records readable, and ends the session on the server', async ({
  page,
}) => {
  const amara = await signInAmara(page);
  await fillDevice(page, amara.id, false);
  expect(JSON.stringify(await deviceContents(page))).toContain('amara.okafor');

  await page.goto(`${base}/logout`);
  await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  const after = await deviceContents(page);
  // The library's public stories stay, as for any visitor; they name a child by first name and
  // initial only. Nothing else on the device names her.
  const { 'storynest.stories': publicStories, ...personal } = after.stores;
  expect(JSON.stringify(publicStories)).not.toMatch(/okafor/i);
  expect(JSON.stringify({ ...after, stores: personal })).not.toMatch(/amara|okafor/i);
  expect(after.stores['storynest.credentials']).toEqual([]);
  // Covers are the library's, not the child's: they stay (the library has cached some by now).
  expect(after.cached['covers']?.length).toBeGreaterThanOrEqual(1);
  expect(after.cached['api-personal']).toBeUndefined();
  expect(after.local).not.toMatch(/accessToken|refreshToken|"user"/);
  // The refresh token was revoked: it cannot be used again.
  const refreshed = await page.evaluate(
    async (refresh) =>
      (
        await fetch('/api/auth/token/refresh/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh }),
        })
      ).status,
    amara.refresh,
  );
  expect(refreshed).toBe(401);
});

test("signing out with unsent work keeps only that work and its sync credential, and nothing else of the child's", async ({ page }) => {
  const amara = await signInAmara(page);
  await fillDevice(page, amara.id, true);
  await page.goto(`${base}/logout`);
  await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  const { stores, cached, local } = await deviceContents(page);
  expect(stores['storynest.outbox']).toEqual([expect.objectContaining({ id: 'amara-change-1', owner_id: amara.id, status: 'pending' })]);
  expect(stores['storynest.credentials']).toEqual([expect.objectContaining({ owner_id: amara.id, access: null, signed_out: true })]);
  for (const table of ['user', 'cart', 'students', 'classes']) expect(stores[`storynest.${table}`], table).toEqual([]);
  // Public stories are the library's (first name and initial only), kept as for any visitor.
  expect(JSON.stringify(stores['storynest.stories'])).not.toMatch(/okafor/i);
  expect(JSON.stringify({ ...stores, 'storynest.outbox': [], 'storynest.credentials': [], 'storynest.stories': [] })).not.toMatch(
    /amara|okafor/i,
  );
  expect(JSON.stringify(cached)).not.toMatch(/amara/i);
  expect(local).not.toMatch(/accessToken|refreshToken/);
});

test('the welcome dialog explains the dashboards until dismissed, and the switcher switches after about a second', async ({ page }) => {
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.goto(`${base}/admin-school/dashboard`);
  const dialog = page.getByRole('dialog', { name: /Welcome! You have 2 dashboards/ });
  await expect(dialog).toBeVisible();
  await accessible(page);
  await screenshots(page, 'dashboard-welcome');
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch dashboard' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Switch dashboard' }).click();
  await expect(page.getByRole('button', { name: 'Admin Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Organization Dashboard' })).toHaveCount(0);
  const started = Date.now();
  await page.getByRole('button', { name: 'Teacher Dashboard' }).click();
  await expect(page.getByText('Switching Dashboard...')).toBeVisible();
  await screenshots(page, 'dashboard-switching');
  await expect(page).toHaveURL(`${base}/dashboard?option=Teacher+Dashboard`);
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  await expect(page.getByText('Switching Dashboard...')).toBeHidden();
});

test('a teacher has no switcher, and /logout ends the session on the server too', async ({ page }) => {
  await page.goto(`${base}/library`);
  const { refresh } = await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${base}/dashboard`);
  await expect(page.getByRole('navigation', { name: 'Dashboard menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch dashboard' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  const status = await page.evaluate(
    async (refresh) =>
      (
        await fetch('/api/auth/token/refresh/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh }),
        })
      ).status,
    refresh,
  );
  expect(status).toBe(401);
});

test('no sign-in step and no signed-in bar scrolls sideways on a phone', async ({ page }) => {
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${base}/login`);
  expect(await fits()).toBe(true);
  await chooseRole(page, 'Student');
  await classCode(page).fill('OWLS5');
  expect(await fits()).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  expect(await fits()).toBe(true);
  await page.goto(`${site('riverbend')}/library`);
  await signInThroughApi(page, 'org@riverbend.example', 'Org-demo-1');
  await page.goto(`${site('riverbend')}/admin-organization/dashboard`);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByRole('button', { name: 'Switch dashboard' })).toBeVisible();
  expect(await fits()).toBe(true);
});
