// The one Pin dialog shared by the roster and the story tables: a duration of at least 1 and a
// unit pin (apply gets them), a bad duration is refused without applying, unpinning asks first.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/i18n/i18n';
import { PinDialog } from '@/ui/pin-dialog';
import type { PinRequest } from '@/ui/pin.machine';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

function open(who: string) {
  const apply = vi.fn<(pin: PinRequest) => Promise<void>>(async () => {});
  const onClose = vi.fn();
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <PinDialog who={who} apply={apply} onClose={onClose} />
      </I18nProvider>,
    ),
  );
  return { apply, onClose };
}

function type(input: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

describe('PinDialog (shared by students and stories)', () => {
  it('titles itself with what is pinned and pins for the chosen duration and unit', async () => {
    const { apply, onClose } = open('2 stories');
    expect(host.querySelector('h2')?.textContent).toBe('Pin 2 stories');
    act(() => type(host.querySelector<HTMLInputElement>('#pin-duration')!, '3'));
    act(() => type(host.querySelector<HTMLSelectElement>('#pin-unit')!, 'weeks'));
    act(() => button('Pin').click());
    await settle();
    expect(apply).toHaveBeenCalledWith({ duration: 3, unit: 'weeks' });
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a missing duration without applying, and unpins only after a confirmation', async () => {
    const { apply } = open('Amara Okafor');
    act(() => type(host.querySelector<HTMLInputElement>('#pin-duration')!, ''));
    act(() => button('Pin').click());
    await settle();
    expect(apply).not.toHaveBeenCalled();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Please enter a whole number of at least 1.');
    act(() => button('Unpin').click());
    expect(host.textContent).toContain('Unpin Amara Okafor?');
    expect(apply).not.toHaveBeenCalled();
    act(() => button('Unpin').click());
    await settle();
    expect(apply).toHaveBeenCalledWith(null);
  });
});
