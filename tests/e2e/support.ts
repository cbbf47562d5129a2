// Shared helpers for the end-to-end journeys.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const site = (tenant?: string) => `http://${tenant ? `${tenant}.` : ''}localhost:${process.env.E2E_PORT}`;

/** Signs in through the API, as the sign-in screen would, and stores the session like the PWA. */
// The request runs inside the page: Node cannot resolve *.localhost, Chromium can.
export async function signInThroughApi(page: Page, username: string, password: string, skipTours = true) {
  return page.evaluate(
    async ({ username, password, skipTours }) => {
      const res = await fetch('/api/auth/token/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { access: string; refresh: string; user: { id: number } };
      localStorage.setItem('accessToken', body.access);
      localStorage.setItem('refreshToken', body.refresh);
      localStorage.setItem('user', JSON.stringify(body.user));
      // The dashboards' first-time tours would cover the screens these journeys drive; the tour
      // journey (tests/e2e/tours.spec.ts) signs in without this.
      if (skipTours) {
        for (const tour of ['teacher-dashboard', 'student-dashboard', 'school-admin-dashboard', 'organization-dashboard', 'platform-dashboard']) {
          localStorage.setItem(`storynest_tour:${tour}:${body.user.id}`, JSON.stringify({ state: 'skipped', at: Date.now() }));
        }
      }
      return body;
    },
    { username, password, skipTours },
  );
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
} as const;

/** Saves a screenshot of the current screen at phone and tablet widths for people to look at. */
export async function screenshots(page: Page, name: string) {
  mkdirSync('.test-output/screenshots', { recursive: true });
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `.test-output/screenshots/${name}-${label}.png`, fullPage: true });
  }
}

/** axe-core's serious and critical violations on the current screen, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
