// <Trans> for the macros (lingui.config.ts: runtimeConfigModule): Lingui's own, as @lingui/react
// builds it (its TransNoContext with the provider's i18n), in a module of its own so the rich-text
// code (tags inside a message) loads with the screens that use <Trans>, not with every page: the
// first load's screens use t`…` (scripts/bundle-budget.mjs fails if <Trans> reaches /library's).
import { useLingui, type TransProps } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';

export function Trans(props: TransProps) {
  return <TransNoContext {...(props as Parameters<typeof TransNoContext>[0])} lingui={useLingui()} />;
}
