// superpower-parent, declared once: each school's community (parent) access, on or off; turning
// it off or making a new password as bulk actions, and setting a chosen password with a form
// (superpower-parent?id=). A new password is made by the server and shown once, so that action
// needs the network; turning off and setting go through the outbox.
import { msg, t } from '@lingui/core/macro';
import { sendNow } from '@/api/client';
import { CommunityPassword } from '@/contract/admin';
import { ADMIN_MSG } from '@/contract/messages';
import type { FormResource, ListResource, SaveOutcome } from '@/ui/admin/resource';
import { toast } from '@/ui/toast';
import { queueAdminWrite } from '@/ui/admin/write';
import { allTenants, type AdminTenant } from './tenants';

const BACK = '/admin-panel/superpower-parent';

function communityWrite(id: number, body: Record<string, string>, label: string): Promise<SaveOutcome> {
  return queueAdminWrite({
    resource: 'community',
    ids: [id],
    patch: { community_access: body.action !== 'off' },
    kind: 'admin-community',
    label,
    method: 'POST',
    path: `/api-super-admin/community/${id}/`,
    body,
  });
}

const turnOffLabel = (school: string) => t`Turn off community access of ${school}`;

async function rotate(rows: AdminTenant[]): Promise<SaveOutcome> {
  if (!navigator.onLine) return { status: 'failed', message: ADMIN_MSG.needsNetwork };
  for (const row of rows) {
    const answer = await sendNow<{ password: string | null }>('POST', `/api-super-admin/community/${row.id}/`, { action: 'rotate' });
    if (!answer.ok) return { status: 'failed', message: (answer.body as { message?: string } | null)?.message ?? '' };
    // Shown once: the server keeps only its hash.
    const school = row.school_name;
    const password = answer.data.password ?? '';
    toast('info', t`${school}: the new community password is ${password}`, 60_000);
  }
  return { status: 'sent' };
}

export const communityAccess: ListResource<AdminTenant> = {
  ...allTenants,
  name: 'community',
  title: msg`Superpower: parent access`,
  fixed: { is_organization: 'false' },
  columns: [
    { key: 'school_name', header: msg`School`, sort: 'school_name' },
    { key: 'subdomain', header: msg`Subdomain`, sort: 'subdomain' },
    {
      key: 'community_access',
      header: msg({ id: 'Community access', message: 'Community access' }),
      cell: (row) => (row.community_access ? t`On` : t`Off`),
    },
    { key: 'user_count', header: msg`Users` },
  ],
  filters: [
    {
      key: 'community_access',
      label: msg({ id: 'Community access', message: 'Community access' }),
      options: [
        ['true', msg`On`],
        ['false', msg`Off`],
      ],
    },
  ],
  bulkActions: [
    {
      key: 'community',
      label: msg({ id: 'Community access', message: 'Community access' }),
      options: [
        ['rotate', msg`Make a new password (needs the network)`],
        ['off', msg`Turn off`],
      ],
      run: async (rows, option) => {
        if (option === 'rotate') return rotate(rows);
        for (const row of rows) {
          const outcome = await communityWrite(row.id, { action: 'off' }, turnOffLabel(row.school_name));
          if (outcome.status === 'failed') return outcome;
        }
        return { status: 'sent' };
      },
      done: msg`Community access updated.`,
    },
  ],
  rowHref: (t) => `${BACK}?id=${t.id}`,
  create: undefined,
};

/** Setting a school's community password (which also turns access on). */
export const communityForm: FormResource<typeof CommunityPassword> = {
  name: 'community',
  titles: { create: msg`Community password`, edit: msg`Set the community password` },
  schema: CommunityPassword,
  fields: [{ name: 'password', label: msg`New community password`, kind: 'text', autoComplete: 'new-password' }],
  blank: { password: '' },
  load: () => Promise.resolve({ password: '' }),
  save: (id, changed) => communityWrite(id!, { action: 'set', password: String(changed.password) }, t`Set a community password`),
  messages: { created: msg`Community password set.`, updated: msg`Community password set.`, failed: ADMIN_MSG.saveFailed },
  back: BACK,
};
