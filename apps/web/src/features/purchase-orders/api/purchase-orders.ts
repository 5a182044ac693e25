import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '@portal/domain/people/profile.ts';
import {
  purchaseOrderMessages,
  type MyPurchaseOrderPage,
  type PurchaseOrderSubmitted,
} from '@portal/domain/commerce/purchase-orders.ts';
import type {
  ApplicantAvailability,
  AvailableApplicants,
  ContractList,
  CouponValidation,
  InstitutePage,
} from '@portal/domain/commerce/member-purchase-orders.ts';
import { memberPurchaseOrderPaths } from '@portal/domain/commerce/member-purchase-orders.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import { showSubmitError, type FormWithErrors } from '../../../lib/form-errors.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';

export const purchaseOrderKeys = {
  all: ['member-purchase-orders'] as const,
  institutes: ['member-purchase-orders', 'institutes'] as const,
  available: (instituteId: string, organizationId: string) =>
    ['member-purchase-orders', 'available', instituteId, organizationId] as const,
  contracts: (organizationId: string) => ['member-purchase-orders', 'contracts', organizationId] as const,
  sent: (page: number) => ['member-purchase-orders', 'sent', page] as const,
};

export const sentPurchaseOrdersPageSize = 10;

/**
 * GET /api/purchase-orders: what the member sent and what was sent for the schools they manage; staff decide them
 * elsewhere, so read again on each visit (but not again as the page mounts, a moment after its loader read it).
 */
export function sentPurchaseOrdersQuery(page: number) {
  return queryOptions({
    queryKey: purchaseOrderKeys.sent(page),
    queryFn: ({ signal }) =>
      api.get<MyPurchaseOrderPage>(
        withQuery('/api/purchase-orders', { page, pageSize: sentPurchaseOrdersPageSize }),
        signal,
      ),
    staleTime: 2_000,
  });
}

/** Where the browser downloads a sent purchase order's PDF. */
export const sentPurchaseOrderFileUrl = (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}/file`;

/**
 * GET /api/profile, for the member's organizations and their role in each. The same key and call as
 * the profile page, so either fills the other's cache.
 */
export const membershipsQuery = queryOptions({
  queryKey: ['profile'] as const,
  queryFn: ({ signal }) => api.get<Profile>('/api/profile', signal),
  select: (profile) => profile.memberships,
});

/** The institutes taking applications, in date order (a provider runs a handful a year: one page of 100). */
export const institutesQuery = queryOptions({
  queryKey: purchaseOrderKeys.institutes,
  queryFn: ({ signal }) => api.get<InstitutePage>('/api/institute-purchase-orders/institutes?pageSize=100', signal),
});

/** How many of the organization's accepted applicants to the institute are still unpaid (usersCount). */
export function availableApplicantsQuery(instituteId: string, organizationId: string) {
  return queryOptions({
    queryKey: purchaseOrderKeys.available(instituteId, organizationId),
    queryFn: ({ signal }) =>
      api.get<AvailableApplicants>(
        withQuery('/api/institute-purchase-orders/available-applicants', { instituteId, organizationId }),
        signal,
      ),
    enabled: instituteId !== '' && organizationId !== '',
  });
}

export function checkApplicant(instituteId: string, organizationId: string, email: string) {
  return api.get<ApplicantAvailability>(
    withQuery('/api/institute-purchase-orders/applicant', { instituteId, organizationId, email }),
  );
}

export function validateCoupon(code: string, eventId: string) {
  return api.post<CouponValidation>('/api/institute-purchase-orders/coupon', { code, eventId });
}

/** The organization's signed contracts; a 403 carries the server's message, shown as it is. */
export function contractsQuery(organizationId: string) {
  return queryOptions({
    queryKey: purchaseOrderKeys.contracts(organizationId),
    queryFn: ({ signal }) =>
      api.get<ContractList>(withQuery('/api/package-purchase-orders/contracts', { organizationId }), signal),
    enabled: organizationId !== '',
    retry: false,
  });
}

/**
 * POST a purchase order (multipart), then the success toast and back to the landing; a refusal shows
 * on the form's fields or as a toast. One Idempotency-Key for the page's attempts, so a double click
 * or a retry after a lost answer makes one purchase order.
 */
export function useSendPurchaseOrder(path: '/api/institute-purchase-orders' | '/api/package-purchase-orders') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const mutation = useMutation({
    mutationFn: (body: FormData) => api.post<PurchaseOrderSubmitted>(path, body, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all });
    },
  });
  const send = (body: FormData, form: FormWithErrors) =>
    mutation.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: purchaseOrderMessages.submitted });
        void navigate(memberPurchaseOrderPaths.landing);
      },
      onError: (error) => {
        if (showSubmitError(form, error)) notifyError(error);
      },
    });
  return { send, isPending: mutation.isPending };
}
