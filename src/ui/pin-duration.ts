// A pin's duration in words ("3 weeks", "1 day"), in the language of the moment it is written:
// each unit its own plural, since languages count minutes and months with different forms.
import { plural, t } from '@lingui/core/macro';
import type { PinUnit } from '@/contract/roster';

export function pinDuration(n: number, unit: PinUnit): string {
  switch (unit) {
    case 'minutes':
      return t`${plural(n, { one: '# minute', other: '# minutes' })}`;
    case 'hours':
      return t`${plural(n, { one: '# hour', other: '# hours' })}`;
    case 'days':
      return t`${plural(n, { one: '# day', other: '# days' })}`;
    case 'weeks':
      return t`${plural(n, { one: '# week', other: '# weeks' })}`;
    case 'months':
      return t`${plural(n, { one: '# month', other: '# months' })}`;
    case 'years':
      return t`${plural(n, { one: '# year', other: '# years' })}`;
  }
}

/** The toast once something is pinned: "Content pinned for 3 weeks". */
export function pinnedText(n: number, unit: PinUnit): string {
  const duration = pinDuration(n, unit);
  return t`Content pinned for ${duration}`;
}
