// The platform admin's tenants, declared once: the all-tenants list,
// and the tenant form of tenant/{tenantId} (school name, email, website, switchboard, every
// colour with a picker, logo) with a live preview of the tenant's header and buttons. A new
// tenant is sent at once and needs the network (its subdomain may be taken); an edit sends only
// the changed fields through the outbox.
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
  ['true', 'On'],
  ['false', 'Off'],
] as const;

export const allTenants: ListResource<AdminTenant> = {
  name: 'tenants',
  title: 'Tenants',
  path: '/api-admin/tenants/',
  searchLabel: 'Search by name, subdomain or email',
  dateLabel: 'Created',
  defaultSort: 'school_name',
  columns: [
    { key: 'school_name', header: 'Name', sort: 'school_name' },
    { key: 'subdomain', header: 'Subdomain', sort: 'subdomain' },
    { key: 'school_email', header: 'Email' },
    { key: 'is_organization', header: 'Kind', cell: (t) => (t.is_organization ? 'Organization' : 'School') },
    { key: 'switchboard', header: 'Switchboard', cell: (t) => (t.switchboard ? 'On' : 'Off') },
    {
      key: 'colors',
      header: 'Colours',
      cell: (t) => (
        <span className="admin-swatches">
          <span style={{ background: t.primary_color }} />
          <span style={{ background: t.button_color }} />
          <span className="visually-hidden">
            Primary {t.primary_color}, buttons {t.button_color}
          </span>
        </span>
      ),
    },
    { key: 'user_count', header: 'Users' },
    { key: 'created_at', header: 'Created', sort: 'created_at', cell: (t) => day(t.created_at) },
  ],
  filters: [
    {
      key: 'is_organization',
      label: 'Kind',
      options: [
        ['false', 'Schools'],
        ['true', 'Organizations'],
      ],
    },
    { key: 'switchboard', label: 'Switchboard', options: YES_NO },
  ],
  rowHref: (t) => `/admin-panel/tenant/${t.id}`,
  rowLabel: (t) => t.school_name,
  create: { href: '/admin-panel/tenant', label: 'Add tenant' },
};

const COLOR_LABELS: Record<(typeof TENANT_COLOR_FIELDS)[number], string> = {
  primary_color: 'Primary color',
  primary_color_light: 'Primary color (light)',
  primary_color_dark: 'Primary color (dark)',
  bg_primary_color: 'Background',
  bg_secondary_color: 'Background (secondary)',
  announcement_color: 'Announcement bar',
  button_color: 'Buttons',
  book_button_color: 'Book buttons',
  text_primary_color: 'Text',
  text_secondary_color: 'Text (secondary)',
  text_muted_color: 'Text (muted)',
  border_primary_color: 'Borders',
  border_muted_color: 'Borders (muted)',
};

const fields: FieldDef[] = [
  { name: 'school_name', label: 'School name', kind: 'text', autoComplete: 'organization' },
  { name: 'school_email', label: 'School email', kind: 'email', autoComplete: 'off' },
  { name: 'domain_url', label: 'Domain URL', kind: 'text', autoComplete: 'url' },
  { name: 'subdomain', label: 'Subdomain (optional: made from the name)', kind: 'text', autoComplete: 'off' },
  {
    name: 'is_organization',
    label: 'Kind',
    kind: 'select',
    options: [
      ['false', 'School'],
      ['true', 'Organization'],
    ],
  },
  { name: 'switchboard', label: 'Switchboard', kind: 'select', options: YES_NO, placeholder: 'Choose on or off' },
  // The site's language: each name written in its own language, as a speaker looks for it.
  {
    name: 'default_language',
    label: 'Language of the site',
    kind: 'select',
    options: LOCALES.map((l) => [l, LOCALE_INFO[l].name] as const),
  },
  { name: 'allow_browser_language', label: 'Visitors see the site in their browser’s language', kind: 'select', options: YES_NO },
  ...TENANT_COLOR_FIELDS.map((name): FieldDef => ({ name, label: COLOR_LABELS[name], kind: 'color' })),
  {
    name: 'logo',
    label: 'Logo (optional)',
    kind: 'file',
    accept: 'image/png,image/jpeg,image/svg+xml',
    hint: 'JPEG, PNG or SVG, at most 5 MB.',
  },
];

/** The tenant's header and buttons in its colours, as they change. */
function TenantPreview({ values }: { values: Record<string, unknown> }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) applyTenantColors(values, ref.current);
  });
  const name = typeof values.school_name === 'string' && values.school_name ? values.school_name : 'Your school';
  return (
    <div ref={ref} className="tenant-preview" aria-label="Preview of the tenant's colours" role="img">
      <div className="tenant-preview-announcement">Welcome to {name}</div>
      <div className="tenant-preview-header">
        <strong>{name}</strong>
        <span className="tenant-preview-pill">Switchboard</span>
      </div>
      <div className="tenant-preview-body">
        <p className="tenant-preview-text">Stories and books from our school.</p>
        <p className="tenant-preview-muted">Muted text</p>
        <div className="tenant-preview-buttons">
          <span className="tenant-preview-button">Button</span>
          <span className="tenant-preview-book">Buy book</span>
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
    label: `Update tenant ${id}`,
    method: 'PATCH',
    path: `/api-admin/tenants/${id}/`,
    body,
    files,
  });
}

export const tenantForm: FormResource<typeof TenantForm> = {
  name: 'tenant',
  titles: { create: 'Add tenant', edit: 'Edit tenant' },
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
