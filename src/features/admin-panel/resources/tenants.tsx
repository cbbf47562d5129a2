// The platform admin's tenants, declared once: the all-tenants list,
// and the tenant form of tenant/{tenantId} (school name, email, website, switchboard, every
// colour with a picker, logo) with a live preview of the tenant's header and buttons. A new
// tenant is sent at once and needs the network (its subdomain may be taken); an edit sends only
// the changed fields through the outbox.
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
import { useLayoutEffect, useRef } from 'react';
import { api, sendNow } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { TenantForm } from '@/contract/admin';
import { LOCALE_INFO, LOCALES } from '@/contract/locales';
import { ADMIN_MSG } from '@/contract/messages';
import { registrationError } from '@/contract/registration';
import { DEFAULT_TENANT_COLORS, TENANT_COLOR_FIELDS } from '@/contract/tenant-colors';
import type { FieldDef, FormResource, ListResource, SaveOutcome } from '@/ui/admin/resource';
import { formParts, queueAdminWrite } from '@/ui/admin/write';
import { applyTenantColors } from '@/ui/tenant-colors';
import { day } from './shared';

export type AdminTenant = components['schemas']['AdminTenant'];

const YES_NO = [
  ['true', msg`On`],
  ['false', msg`Off`],
] as const;

export const allTenants: ListResource<AdminTenant> = {
  name: 'tenants',
  title: msg`Tenants`,
  path: '/api-admin/tenants/',
  searchLabel: msg`Search by name, subdomain or email`,
  dateLabel: msg`Created`,
  defaultSort: 'school_name',
  columns: [
    { key: 'school_name', header: msg`Name`, sort: 'school_name' },
    { key: 'subdomain', header: msg`Subdomain`, sort: 'subdomain' },
    { key: 'school_email', header: msg`Email` },
    { key: 'is_organization', header: msg`Kind`, cell: (row) => (row.is_organization ? t`Organization` : t`School`) },
    { key: 'switchboard', header: msg`Switchboard`, cell: (row) => (row.switchboard ? t`On` : t`Off`) },
    {
      key: 'colors',
      header: msg`Colours`,
      cell: ({ primary_color: primary, button_color: buttons }) => (
        <span className="admin-swatches">
          <span style={{ background: primary }} />
          <span style={{ background: buttons }} />
          <span className="visually-hidden">
            <Trans>
              Primary {primary}, buttons {buttons}
            </Trans>
          </span>
        </span>
      ),
    },
    { key: 'user_count', header: msg`Users` },
    { key: 'created_at', header: msg`Created`, sort: 'created_at', cell: (t) => day(t.created_at) },
  ],
  filters: [
    {
      key: 'is_organization',
      label: msg`Kind`,
      options: [
        ['false', msg`Schools`],
        ['true', msg`Organizations`],
      ],
    },
    { key: 'switchboard', label: msg`Switchboard`, options: YES_NO },
  ],
  rowHref: (t) => `/admin-panel/tenant/${t.id}`,
  rowLabel: (t) => t.school_name,
  create: { href: '/admin-panel/tenant', label: msg`Add tenant` },
};

const COLOR_LABELS: Record<(typeof TENANT_COLOR_FIELDS)[number], MessageDescriptor> = {
  primary_color: msg`Primary color`,
  primary_color_light: msg`Primary color (light)`,
  primary_color_dark: msg`Primary color (dark)`,
  bg_primary_color: msg`Background`,
  bg_secondary_color: msg`Background (secondary)`,
  announcement_color: msg`Announcement bar`,
  button_color: msg`Buttons`,
  book_button_color: msg`Book buttons`,
  text_primary_color: msg`Text`,
  text_secondary_color: msg`Text (secondary)`,
  text_muted_color: msg`Text (muted)`,
  border_primary_color: msg`Borders`,
  border_muted_color: msg`Borders (muted)`,
};

const fields: FieldDef[] = [
  { name: 'school_name', label: msg`School name`, kind: 'text', autoComplete: 'organization' },
  { name: 'school_email', label: msg`School email`, kind: 'email', autoComplete: 'off' },
  { name: 'domain_url', label: msg`Domain URL`, kind: 'text', autoComplete: 'url' },
  { name: 'subdomain', label: msg`Subdomain (optional: made from the name)`, kind: 'text', autoComplete: 'off' },
  {
    name: 'is_organization',
    label: msg`Kind`,
    kind: 'select',
    options: [
      ['false', msg`School`],
      ['true', msg`Organization`],
    ],
  },
  { name: 'switchboard', label: msg`Switchboard`, kind: 'select', options: YES_NO, placeholder: msg`Choose on or off` },
  // The site's language: each name written in its own language, as a speaker looks for it.
  {
    name: 'default_language',
    label: msg`Language of the site`,
    kind: 'select',
    options: LOCALES.map((l) => [l, LOCALE_INFO[l].name] as const),
  },
  { name: 'allow_browser_language', label: msg`Visitors see the site in their browser’s language`, kind: 'select', options: YES_NO },
  ...TENANT_COLOR_FIELDS.map((name): FieldDef => ({ name, label: COLOR_LABELS[name], kind: 'color' })),
  {
    name: 'logo',
    label: msg`Logo (optional)`,
    kind: 'file',
    accept: 'image/png,image/jpeg,image/svg+xml',
    hint: msg`JPEG, PNG or SVG, at most 5 MB.`,
  },
];

/** The tenant's header and buttons in its colours, as they change. */
function TenantPreview({ values }: { values: Record<string, unknown> }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) applyTenantColors(values, ref.current);
  });
  const name = typeof values.school_name === 'string' && values.school_name ? values.school_name : t`Your school`;
  return (
    <div ref={ref} className="tenant-preview" aria-label={t`Preview of the tenant's colours`} role="img">
      <div className="tenant-preview-announcement">
        <Trans>Welcome to {name}</Trans>
      </div>
      <div className="tenant-preview-header">
        <strong>{name}</strong>
        <span className="tenant-preview-pill">
          <Trans>Switchboard</Trans>
        </span>
      </div>
      <div className="tenant-preview-body">
        <p className="tenant-preview-text">
          <Trans>Stories and books from our school.</Trans>
        </p>
        <p className="tenant-preview-muted">
          <Trans>Muted text</Trans>
        </p>
        <div className="tenant-preview-buttons">
          <span className="tenant-preview-button">
            <Trans>Button</Trans>
          </span>
          <span className="tenant-preview-book">
            <Trans>Buy book</Trans>
          </span>
        </div>
      </div>
    </div>
  );
}

async function loadTenant(id: number): Promise<Record<string, string>> {
  const t = await unwrap(api.GET('/api-admin/tenants/{id}/', { params: { path: { id } } }));
  const colors = Object.fromEntries(TENANT_COLOR_FIELDS.map((f) => [f, t[f]]));
  return {
    school_name: t.school_name,
    school_email: t.school_email ?? '',
    domain_url: t.domain_url ?? '',
    subdomain: t.subdomain ?? '',
    is_organization: String(t.is_organization),
    switchboard: String(t.switchboard),
    default_language: t.default_language,
    allow_browser_language: String(t.allow_browser_language),
    ...colors,
  };
}

async function saveTenant(id: number | null, changed: Record<string, string | File>): Promise<SaveOutcome> {
  if (id === null) {
    // Sent now, never queued: only the server can say whether the subdomain is free.
    const body = new FormData();
    for (const [k, v] of Object.entries(changed)) body.append(k, v);
    const answer = await sendNow('POST', '/api-admin/tenants/', body);
    return answer.ok ? { status: 'sent' } : { status: 'failed', message: registrationError(answer.body, ADMIN_MSG.saveFailed) };
  }
  const { body, files } = await formParts(changed);
  return queueAdminWrite({
    resource: 'tenants',
    ids: [id],
    patch: body,
    kind: 'admin-tenant-update',
    label: t`Update tenant ${id}`,
    method: 'PATCH',
    path: `/api-admin/tenants/${id}/`,
    body,
    files,
  });
}

export const tenantForm: FormResource<typeof TenantForm> = {
  name: 'tenant',
  titles: { create: msg`Add tenant`, edit: msg`Edit tenant` },
  schema: TenantForm,
  fields,
  blank: {
    school_name: '',
    school_email: '',
    domain_url: '',
    subdomain: '',
    is_organization: 'false',
    switchboard: 'true',
    default_language: 'en',
    allow_browser_language: 'false',
    ...DEFAULT_TENANT_COLORS,
  },
  load: loadTenant,
  save: saveTenant,
  // The spec: the tenant form says the user form's words.
  messages: { created: ADMIN_MSG.userAdded, updated: ADMIN_MSG.userUpdated, failed: ADMIN_MSG.saveFailed },
  back: '/admin-panel/all-tenants',
  preview: (values) => <TenantPreview values={values} />,
  needsNetwork: (id) => id === null,
};
