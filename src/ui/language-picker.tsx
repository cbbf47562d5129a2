// The language picker (footer of the public pages, menu of the signed-in areas): a native
// select, labelled, each language named in itself and marked with its own lang for screen
// readers. The choice is remembered for whoever uses the device now (src/i18n/choice.ts); the
// app follows it (src/app/language.tsx).
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSessionUser } from '@/api/use-session';
import { isLocale, LOCALE_INFO, LOCALES } from '@/contract/locales';
import { GlobeIcon } from '@/ui/icons';
import { deviceChoice, whoFor } from '@/i18n/choice';

export function LanguagePicker() {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const id = useId();
  const choose = (value: string) => {
    if (!isLocale(value)) return;
    deviceChoice.set(whoFor(user), value);
  };
  return (
    <div className="language-picker">
      <label htmlFor={id}>
        <GlobeIcon />
        <span>{t`Language`}</span>
      </label>
      <select id={id} value={i18n.locale} onChange={(e) => choose(e.target.value)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_INFO[locale].name}
          </option>
        ))}
      </select>
    </div>
  );
}
