// The bar above a table that acts on its selected rows: an action, the action's option, Apply and
// how many rows are selected, then the refusal if there is one. The roster's student table and
// every admin list (the stories lists too) use it; `look` names their styles (roster-bulk,
// admin-bulk).
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from './format';
type Choice = readonly [value: string, label: string];

export function BulkBar({
  look,
  idOf,
  actions,
  action,
  onAction,
  options,
  option,
  onOption,
  onApply,
  selected,
  error,
}: {
  look: 'roster' | 'admin';
  /** The page-unique id of one of the bar's fields. */
  idOf: (name: 'bulk-action' | 'bulk-option') => string;
  actions: readonly Choice[];
  action: string;
  onAction: (action: string) => void;
  /** The chosen action's options (none until one is chosen). */
  options: readonly Choice[] | undefined;
  option: string;
  onOption: (option: string) => void;
  onApply: () => void;
  selected: number;
  error: string | null;
}) {
  const { t } = useLingui();
  const selectedCount = formatNumber(selected);
  return (
    <>
      <div className={`${look}-bulk`}>
        <div className={`${look}-field`}>
          <label htmlFor={idOf('bulk-action')}>
            <Trans>Bulk action</Trans>
          </label>
          <select id={idOf('bulk-action')} value={action} onChange={(e) => onAction(e.target.value)}>
            <option value="">{t`Choose an action`}</option>
            {actions.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className={`${look}-field`}>
          <label htmlFor={idOf('bulk-option')}>
            <Trans>Option</Trans>
          </label>
          <select id={idOf('bulk-option')} value={option} disabled={!options} onChange={(e) => onOption(e.target.value)}>
            <option value="">{t`Choose an option`}</option>
            {(options ?? []).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button-small" onClick={onApply}>
          <Trans>Apply</Trans>
        </button>
        <span className={`${look}-muted`} aria-live="polite">
          <Trans>{selectedCount} selected</Trans>
        </span>
      </div>
      {error ? (
        <p className={`${look}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
