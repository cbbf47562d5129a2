// The admin lists' offline copies (src/data/admin-pages.ts): the newest pages of a list are kept
// per query, and they leave the device with the session that saw them, like every personal table
// (a list names people: users' e-mails, children's stories), so the next person on a shared
// device never reads them offline.
import { describe, expect, it } from 'vitest';
import { cachedPage, savePage } from '@/data/admin-pages';
import { db } from '@/data/db';
import { wipePersonalData } from '@/data/personal-data';

const page = (author: string) => ({ count: 1, results: [{ id: 1, title: 'The Kite That Flew Home', author }] });

describe('admin pages kept offline', () => {
  it('answers the page of a query, else the list’s last page seen', async () => {
    await savePage('schoolStories', 'search=kite', page('Amara Okafor'));
    await savePage('schoolStories', 'search=moon', page('Zoe Zhang'));
    expect((await cachedPage('schoolStories', 'search=kite'))?.results).toEqual(page('Amara Okafor').results);
    expect((await cachedPage('schoolStories', 'search=sun'))?.key).toBe('schoolStories?search=moon');
    expect(await cachedPage('allUsers', 'search=kite')).toBeUndefined();
  });

  it('leaves the device with the session that saw them', async () => {
    await savePage('schoolStories', 'limit=20', page('Amara Okafor'));
    await wipePersonalData();
    expect(await cachedPage('schoolStories', 'limit=20')).toBeUndefined();
    expect(await db.adminPages.count()).toBe(0);
  });
});
