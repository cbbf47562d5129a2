// The delivery address on checkout: every book is a printed copy, so the buyer says where it goes.
// Validated on the device with the same schema the server uses (react-hook-form + zod, the
// rules of each country), and filled in with a signed-in buyer's last address on this site.
import { useEffect, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import { COUNTRIES } from '@/contract/countries';
import { DeliveryAddress, POSTAL_RULES, type DeliveryAddressInput } from '@/contract/delivery-address';
import { useKnown } from '@/i18n/known';
import '@/ui/forms.css';

const EMPTY: DeliveryAddressInput = { name: '', line1: '', line2: '', city: '', region: '', postcode: '', country: '' };

export interface AddressForm {
  /** The checked address, or null after showing the buyer what to correct. */
  valid: () => Promise<DeliveryAddress | null>;
  fields: ReactNode;
}

export function useDeliveryAddress(signedIn: boolean): AddressForm {
  const { t } = useLingui();
  const known = useKnown();
  const form = useForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver: zodResolver(DeliveryAddress),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { register, formState, reset, watch, trigger, getValues, setFocus } = form;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    unwrap(api.GET('/orders/delivery-address/'))
      .then(({ address }) => {
        // Only into an untouched form: the buyer's own typing wins.
        if (live && address && Object.values(getValues()).every((v) => !v)) reset(address);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [signedIn, reset, getValues]);

  const rule = POSTAL_RULES[watch('country')];
  const field = (name: Path<DeliveryAddressInput>, label: string, autofill: string, optional = false) => {
    const id = `address-${name}`;
    // The browser's address book fills the delivery section ("shipping" tokens).
    const autoComplete = ['shipping', autofill].join(' ');
    const message = formState.errors[name]?.message;
    return (
      <p className="field" key={name}>
        <label htmlFor={id}>{optional ? t`${label} (optional)` : label}</label>
        {name === 'country' ? (
          <select id={id} autoComplete={autoComplete} aria-invalid={Boolean(message)} {...register(name)}>
            <option value="">{t`Choose a country`}</option>
            {COUNTRIES.map(([code, countryName]) => (
              <option key={code} value={code}>
                {countryName}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            autoComplete={autoComplete}
            aria-invalid={Boolean(message)}
            aria-describedby={message ? `${id}-error` : undefined}
            {...register(name)}
          />
        )}
        {message ? (
          <span id={`${id}-error`} className="field-error">
            {known(message)}
          </span>
        ) : null}
      </p>
    );
  };

  const fields = (
    <fieldset className="delivery-address">
      <legend>{t`Where should we send the printed books?`}</legend>
      {field('name', t`Full name`, 'name')}
      {field('line1', t`Street and house number`, 'address-line1')}
      {field('line2', t`Flat, building or area`, 'address-line2', true)}
      {field('city', t`Town or city`, 'address-level2')}
      {field('region', t`State, province or region`, 'address-level1', !rule?.region)}
      {field('postcode', t`Postcode`, 'postal-code', !rule)}
      {field('country', t`Country`, 'country')}
    </fieldset>
  );

  return {
    fields,
    valid: async () => {
      if (await trigger()) return DeliveryAddress.parse(getValues());
      const first = Object.keys(form.formState.errors)[0] as Path<DeliveryAddressInput> | undefined;
      if (first) setFocus(first);
      return null;
    },
  };
}
