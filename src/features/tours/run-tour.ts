// Runs a tour with driver.js, loaded only now (it is not on any first load). Closing it before
// the last step is a skip; Done on the last step finishes it.
//
// The end is taken from onDestroyStarted, which driver.js calls for every close (Escape, the
// close button, the overlay, Done). Its onDestroyed is skipped when a step is still moving in,
// so a tour closed quickly was never remembered and came back on the next visit.
import { i18n } from '@/i18n/i18n';
import { t } from '@lingui/core/macro';
import type { Tour } from './tours';

export async function runTour(tour: Tour, onEnd: (how: 'finished' | 'skipped') => void): Promise<void> {
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
  const steps = tour.steps.filter((s) => !s.element || document.querySelector(s.element));
  let finished = false;
  const d = driver({
    // No fade: each step is readable (and its buttons meet contrast) from the moment it shows,
    // and nothing moves for children who find motion hard.
    animate: false,
    showProgress: true,
    allowClose: true,
    nextBtnText: t`Next`,
    prevBtnText: t`Back`,
    doneBtnText: t`Done`,
    // driver.js fills in {{current}} and {{total}}.
    progressText: progressText('{{current}}', '{{total}}'),
    // driver.js names its × button in English.
    onPopoverRender: (popover) => popover.closeButton.setAttribute('aria-label', t`Close`),
    steps: steps.map((s) => ({ element: s.element, popover: { title: i18n._(s.title), description: i18n._(s.description) } })),
    onNextClick: () => {
      if (!d.hasNextStep()) finished = true;
      d.moveNext();
    },
    onDestroyStarted: () => {
      onEnd(finished ? 'finished' : 'skipped');
      d.destroy();
    },
  });
  d.drive();
}

const progressText = (current: string, total: string) => t`${current} of ${total}`;
