// /admin-panel/book-monitoring (issue 13): the moderation queue, declared once for books and for
// stories: waiting for publication, reported by readers (/report-a-problem), or hidden. Approve
// and hide are bulk actions; a row opens the reply form, which e-mails the readers who reported
// it. Server: server/routes/book-monitoring.ts.
import { msg, t } from '@lingui/core/macro';
import type { components } from '@/api/schema';
import { BOOK_MSG, ModerationReply } from '@/contract/books';
import type { FormResource, ListResource } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate } from '@/ui/format';
import { BOOK_STATUS_NAMES, nameOf, STORY_STATUS_NAMES } from '@/ui/value-names';

const moderateLabel = (option: string, title: string) => (option === 'hide' ? t`Hide ${title}` : t`Approve ${title}`);
const replyLabel = (type: string, id: number) => t`Reply about ${type} ${id}`;

export type ModerationItem = components['schemas']['ModerationItem'];
type ItemType = ModerationItem['type'];

const PAGE = '/admin-panel/book-monitoring';

function queue(type: ItemType): ListResource<ModerationItem> {
  const plural = type === 'book' ? 'books' : 'stories';
  return {
    name: `moderation-${plural}`,
    title: type === 'book' ? msg`Books to check` : msg`Stories to check`,
    path: `/api-super-admin/book-monitoring/${plural}/`,
    searchLabel: msg`Search by title`,
    dateLabel: msg`Added`,
    defaultSort: '-created_at',
    columns: [
      { key: 'title', header: msg`Title`, sort: 'title' },
      { key: 'tenant_name', header: msg`School`, cell: (i) => i.tenant_name ?? t`Platform` },
      {
        key: 'status',
        header: msg`Status`,
        cell: (i) => (i.hidden ? t`Hidden` : type === 'book' ? nameOf(BOOK_STATUS_NAMES, i.status) : nameOf(STORY_STATUS_NAMES, i.status)),
      },
      { key: 'reports', header: msg`Reports`, cell: (i) => (i.reports ? `${i.reports}: ${i.last_report ?? ''}` : '—') },
      { key: 'created_at', header: msg`Added`, sort: 'created_at', cell: (i) => formatDate(i.created_at) },
    ],
    filters: [
      {
        key: 'state',
        label: msg`Why it is here`,
        options: [
          ['waiting', msg`Waiting for publication`],
          ['reported', msg`Reported by readers`],
          ['hidden', msg`Hidden`],
        ],
      },
    ],
    bulkActions: [
      {
        key: 'moderate',
        label: msg`Moderate`,
        options: [
          ['approve', msg`Approve`],
          ['hide', msg`Hide`],
        ],
        run: async (rows, option) => {
          for (const row of rows) {
            const outcome = await queueAdminWrite({
              resource: `moderation-${plural}`,
              ids: [row.id],
              patch: { hidden: option === 'hide' },
              kind: 'admin-moderate',
              label: moderateLabel(option, row.title),
              method: 'POST',
              path: `/api-super-admin/book-monitoring/${type}/${row.id}/`,
              body: { action: option },
            });
            if (outcome.status === 'failed') return outcome;
          }
          return { status: 'sent' };
        },
        done: msg`Done: the moderation was applied to the selected items.`,
      },
    ],
    rowHref: (i) => `${PAGE}?id=${i.id}&type=${type}`,
    rowLabel: (i) => i.title,
  };
}

function replyForm(type: ItemType): FormResource<typeof ModerationReply> {
  return {
    name: `moderation-reply-${type}`,
    titles: { create: msg`Reply to the readers who reported it`, edit: msg`Reply to the readers who reported it` },
    schema: ModerationReply,
    fields: [{ name: 'message', label: msg`Your reply (sent by e-mail)`, kind: 'text', autoComplete: 'off' }],
    blank: { message: '' },
    load: () => Promise.resolve({ message: '' }),
    save: (id, changed) =>
      queueAdminWrite({
        resource: `moderation-reply-${type}`,
        ids: [],
        patch: {},
        kind: 'admin-moderation-reply',
        label: replyLabel(type, id!),
        method: 'POST',
        path: `/api-super-admin/book-monitoring/${type}/${id}/reply/`,
        body: { message: String(changed.message ?? '') },
      }),
    messages: { created: BOOK_MSG.replied, updated: BOOK_MSG.replied, failed: msg`Failed to send the reply. Please try again.` },
    back: PAGE,
  };
}

export const bookQueue = queue('book');
export const storyQueue = queue('story');
export const bookReply = replyForm('book');
export const storyReply = replyForm('story');
