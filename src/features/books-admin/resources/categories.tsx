// Book categories, declared once for two scopes (issue 13): the school's own
// (/admin-school/book-categories, add-book-category/{categoryId}) and the platform's
// (/admin-panel/all-book-categories, book-category/{categoryId}). Names are unique per scope (the
// server answers 409 with the message); deleting a category leaves its books uncategorised.
// Server: server/routes/book-categories.ts.
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { BOOK_MSG, CategoryForm } from '@/contract/books';
import type { FormResource, ListResource } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate } from '@/ui/format';

export type AdminCategory = components['schemas']['AdminCategory'];

interface Scope {
  name: string;
  api: '/api-admin/book-categories/' | '/api-super-admin/book-categories/';
  list: string;
  form: string;
}

const SCHOOL: Scope = {
  name: 'book-categories',
  api: '/api-admin/book-categories/',
  list: '/admin-school/book-categories',
  form: '/admin-school/add-book-category',
};
const PLATFORM: Scope = {
  name: 'all-book-categories',
  api: '/api-super-admin/book-categories/',
  list: '/admin-panel/all-book-categories',
  form: '/admin-panel/book-category',
};

const deleteLabel = (name: string) => t`Delete category ${name}`;
const addLabel = (name: string) => t`Add category ${name}`;
const updateLabel = (id: number) => t`Update category ${id}`;

function categoryList(scope: Scope, title: MessageDescriptor): ListResource<AdminCategory> {
  return {
    name: scope.name,
    title,
    path: scope.api,
    searchLabel: msg`Search by name`,
    dateLabel: msg`Added`,
    defaultSort: 'name',
    columns: [
      { key: 'name', header: msg`Name`, sort: 'name' },
      { key: 'slug', header: msg`Slug` },
      { key: 'book_count', header: msg`Books` },
      { key: 'created_at', header: msg`Added`, sort: 'created_at', cell: (c) => formatDate(c.created_at) },
    ],
    filters: [],
    bulkActions: [
      {
        key: 'delete',
        label: msg`Delete`,
        options: [['delete', msg`Yes, delete (their books stay, uncategorised)`]],
        run: async (rows) => {
          for (const row of rows) {
            const outcome = await queueAdminWrite({
              resource: scope.name,
              ids: [row.id],
              patch: {},
              kind: 'admin-category-delete',
              label: deleteLabel(row.name),
              method: 'DELETE',
              path: `${scope.api}${row.id}/`,
              body: {},
            });
            if (outcome.status === 'failed') return outcome;
          }
          return { status: 'sent' };
        },
        done: BOOK_MSG.categoryDeleted,
      },
    ],
    rowHref: (c) => `${scope.form}/${c.id}`,
    rowLabel: (c) => c.name,
    create: { href: scope.form, label: msg`Add category` },
  };
}

function categoryForm(scope: Scope): FormResource<typeof CategoryForm> {
  return {
    name: `${scope.name}-form`,
    titles: { create: msg`Add book category`, edit: msg`Edit book category` },
    schema: CategoryForm,
    fields: [
      { name: 'name', label: msg`Name`, kind: 'text', autoComplete: 'off' },
      { name: 'description', label: msg`Description`, kind: 'text', autoComplete: 'off' },
    ],
    blank: { name: '', description: '' },
    load: async (id) => {
      const path = `${scope.api}{id}/` as '/api-admin/book-categories/{id}/';
      const c = await unwrap(api.GET(path, { params: { path: { id } } }));
      return { name: c.name, description: c.description };
    },
    save: (id, changed) =>
      queueAdminWrite({
        resource: scope.name,
        ids: id === null ? [] : [id],
        patch: changed,
        kind: id === null ? 'admin-category-create' : 'admin-category-update',
        label: id === null ? addLabel(String(changed.name ?? '')) : updateLabel(id),
        method: id === null ? 'POST' : 'PATCH',
        path: id === null ? scope.api : `${scope.api}${id}/`,
        body: changed as Record<string, string>,
      }),
    messages: { created: BOOK_MSG.categoryAdded, updated: BOOK_MSG.categoryUpdated, failed: BOOK_MSG.categoryFailed },
    back: scope.list,
  };
}

export const schoolCategories = categoryList(SCHOOL, msg`Book categories`);
export const schoolCategoryForm = categoryForm(SCHOOL);
export const platformCategories = categoryList(PLATFORM, msg`Book categories`);
export const platformCategoryForm = categoryForm(PLATFORM);
