// Reading an invitation for the accept and registration pages (GET /invitations/{token}/).
import { publicApi } from '@/api/client';
import type { Role } from '@/contract/domain';
import { useFetched } from './use-fetched';

export interface Invitation {
  kind: 'user' | 'school' | 'organization';
  role: Role;
  email: string;
  inviter: string | null;
  account_exists: boolean;
}

async function readInvitation(token: string): Promise<Invitation | undefined> {
  const { data } = await publicApi.GET('/invitations/{token}/', { params: { path: { token } } });
  return data;
}

export function useInvitation(token: string | undefined) {
  return useFetched(token, readInvitation);
}
