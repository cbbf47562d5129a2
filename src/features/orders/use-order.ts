// An order as the server records it, opened by its buyer or with the key from checkout.
import { t } from '@lingui/core/macro';
import { useParams, useSearch } from '@tanstack/react-router';
import { api } from '@/api/client';
import type { components } from '@/api/schema';
import { unwrap, useRemote } from '@/api/use-remote';

export type Order = components['schemas']['Order'];

export function useOrderFromRoute() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const { key } = useSearch({ strict: false }) as { key?: string };
  const orderId = Number(id);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const order = useRemote(valid ? `order-${orderId}-${key ?? ''}` : null, () =>
    unwrap(api.GET('/orders/{id}/', { params: { path: { id: orderId }, query: key ? { key } : {} } })),
  );
  return { order: valid ? order : ({ status: 'failed', error: t`We could not find this order.`, reload: order.reload } as const), key };
}
