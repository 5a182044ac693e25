import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  billingContact,
  organizationAddress,
  OrganizationDetail,
} from '@portal/domain/organizations/contracts.ts';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import { api } from '../../../lib/api.ts';
import { managedOrganizationsQuery } from '../../../shared/managed-organizations/managed-organizations.tsx';
import { organizationKeys, profileQueryKey } from './organization-keys.ts';
import { organizationPath } from './organization.ts';

type AddressBody = z.output<typeof organizationAddress>;
type BillingContactBody = z.output<typeof billingContact>;

/** Each kind of change is its own call, audited as such on the server (organizations.md §7). */
export type OrganizationUpdate =
  | { kind: 'name'; body: { name: string } }
  | { kind: 'mailing-address'; body: AddressBody }
  | { kind: 'billing-address'; body: AddressBody }
  | { kind: 'new-billing-contact'; body: BillingContactBody }
  | { kind: 'billing-contact'; contactId: string; body: BillingContactBody }
  | { kind: 'ticket-recipient'; body: { membershipId: string } };

function send(organizationId: string, update: OrganizationUpdate): Promise<OrganizationDetail> {
  const base = organizationPath(organizationId);
  switch (update.kind) {
    case 'new-billing-contact':
      return api.post<OrganizationDetail>(`${base}/billing-contacts`, update.body);
    case 'billing-contact':
      return api.put<OrganizationDetail>(
        `${base}/billing-contacts/${encodeURIComponent(update.contactId)}`,
        update.body,
      );
    default:
      return api.put<OrganizationDetail>(`${base}/${update.kind}`, update.body);
  }
}

/**
 * Saves one part of an organization. Every call answers with the whole updated record, which
 * replaces the cached one; the lists that show its name or address are read again.
 */
export function useUpdateOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: OrganizationUpdate) => send(organizationId, update),
    onSuccess: async (detail) => {
      queryClient.setQueryData(organizationKeys.detail(organizationId), detail);
      notifications.show({ color: 'green', message: organizationMessages.updated });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.organization(organizationId) }),
        queryClient.invalidateQueries({ queryKey: managedOrganizationsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
