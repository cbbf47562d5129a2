// A tour closed at any moment is remembered. driver.js calls its onDestroyed hook only once a
// step has finished moving in, so a tour closed while a step was still animating (a quick
// Next then Escape, or a busy tablet) used to end without a word and came back on reload.
import { afterEach, expect, test, vi } from 'vitest';
import { runTour } from '@/features/tours/run-tour';
import type { Tour } from '@/features/tours/tours';

const tour: Tour = {
  id: 'test-tour',
  steps: [
    { element: '#one', title: { id: 'One' }, description: { id: 'First' } },
    { element: '#two', title: { id: 'Two' }, description: { id: 'Second' } },
  ],
};

afterEach(() => {
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = '<main id="one">one</main><nav id="two">two</nav>';
}

const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('.driver-popover button')].find((b) => b.textContent?.trim() === name);

test('Escape pressed while the next step is still moving in is remembered as a skip', async () => {
  page();
  const onEnd = vi.fn();
  await runTour(tour, onEnd);
  expect(document.querySelector('.driver-popover')?.textContent).toContain('First');
  button('Next')?.click();
  window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Escape' }));
  expect(onEnd).toHaveBeenCalledWith('skipped');
  expect(document.querySelector('.driver-popover')).toBeNull();
});

test('Done on the last step finishes the tour, even straight away', async () => {
  page();
  const onEnd = vi.fn();
  await runTour(tour, onEnd);
  button('Next')?.click();
  expect(document.querySelector('.driver-popover')?.textContent).toContain('Second');
  button('Done')?.click();
  expect(onEnd).toHaveBeenCalledTimes(1);
  expect(onEnd).toHaveBeenCalledWith('finished');
});
