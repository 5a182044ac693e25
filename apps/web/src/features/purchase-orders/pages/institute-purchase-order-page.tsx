import { Alert, Anchor, Button, Group, List, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cartMessages } from '@portal/domain/commerce/cart.ts';
import { formatCents } from '@portal/domain/money.ts';
import { purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
import {
  applicantAddRefusal,
  institutePurchaseOrderTotals,
  memberPurchaseOrderMessages,
  memberPurchaseOrderPaths,
  validateInstitutePurchaseOrderForm,
  type InstituteOption,
  type InstitutePurchaseOrderFormValues,
} from '@portal/domain/commerce/member-purchase-orders.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { CouponField, type AppliedCoupon } from '../../../shared/commerce/coupon-field.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import {
  availableApplicantsQuery,
  checkApplicant,
  institutesQuery,
  membershipsQuery,
  useSendPurchaseOrder,
  validateCoupon,
} from '../api/purchase-orders.ts';
import {
  appendCommonFields,
  purchaseOrderContactQuery,
  emptyPurchaseOrderValues,
  NoOrganizationAlert,
  organizationOptions,
  PurchaseOrderButtons,
  PurchaseOrderFields,
} from '../../../shared/commerce/purchase-order-fields.tsx';

export const institutePurchaseOrderLoader = (queryClient: QueryClient) => async () => {
  await Promise.all([queryClient.prefetchQuery(institutesQuery), queryClient.prefetchQuery(membershipsQuery)]);
  return null;
};

interface Applicant {
  email: string;
  name: string;
}

function toFormData(values: InstitutePurchaseOrderFormValues, file: File): FormData {
  const body = new FormData();
  body.append('type', 'EVENT');
  body.append('instituteId', values.instituteId ?? '');
  appendCommonFields(body, values);
  if (values.couponCode) body.append('couponCode', values.couponCode);
  body.append('applicants', JSON.stringify(values.applicants));
  body.append('file', file, file.name);
  return body;
}

function dollarsLine(institute: InstituteOption | undefined, applicants: number, coupon: AppliedCoupon | null): string {
  if (!institute || institute.priceCents === null || applicants === 0) return 'In dollars.';
  const { total } = institutePurchaseOrderTotals(institute.priceCents, applicants, coupon);
  return `In dollars. ${applicants} ${applicants === 1 ? 'applicant comes' : 'applicants come'} to ${formatCents(total)}.`;
}

function InstituteForm({
  institutes,
  organizations,
}: {
  institutes: InstituteOption[];
  organizations: { value: string; label: string }[];
}) {
  const navigate = useNavigate();
  const submitOrder = useSendPurchaseOrder('/api/institute-purchase-orders');
  const [applicants, setApplicants] = useState<Applicant[]>([]);
  const [email, setEmail] = useState('');
  const [applicantError, setApplicantError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponRefusal, setCouponRefusal] = useState<string | null>(null);
  const [couponPending, setCouponPending] = useState(false);
  const contact = useQuery(purchaseOrderContactQuery).data;
  const form = useForm<InstitutePurchaseOrderFormValues>({
    mode: 'controlled',
    initialValues: {
      ...emptyPurchaseOrderValues,
      ...contact,
      organizationId: organizations.length === 1 ? (organizations[0]?.value ?? null) : null,
      instituteId: null,
      couponCode: '',
      applicants: [],
    },
    validate: validateInstitutePurchaseOrderForm,
  });
  const { instituteId, organizationId } = form.values;
  const institute = institutes.find((option) => option.id === instituteId);
  const prefilledTotal = useRef('');

  /**
   * The total follows the applicants' tuition (less the coupon) until the member types one of their
   * own; it stays editable, and the server derives the amount owed and compares as before.
   */
  const followTotal = (count: number, applied: AppliedCoupon | null) => {
    const current = form.getValues().total;
    if (current !== '' && current !== prefilledTotal.current) return;
    const price = institute?.priceCents;
    const next =
      price == null || count === 0 ? '' : (institutePurchaseOrderTotals(price, count, applied).total / 100).toFixed(2);
    prefilledTotal.current = next;
    form.setFieldValue('total', next);
  };
  const available = useQuery(availableApplicantsQuery(instituteId ?? '', organizationId ?? ''));
  const remaining = (available.data?.usersCount ?? 0) - applicants.length;
  const noneAvailable = available.isSuccess && remaining <= 0;

  // Applicants and the coupon belong to one institute and organization: choosing another starts them again.
  const choose = (field: 'instituteId' | 'organizationId', value: string) => {
    form.setFieldValue(field, value || null);
    setApplicants([]);
    form.setFieldValue('applicants', []);
    setCoupon(null);
    form.setFieldValue('couponCode', '');
    setApplicantError(null);
    followTotal(0, null);
  };

  const setApplicantList = (next: Applicant[]) => {
    setApplicants(next);
    form.setFieldValue(
      'applicants',
      next.map((applicant) => applicant.email),
    );
    form.clearFieldError('applicants');
    followTotal(next.length, coupon);
  };

  const addApplicant = async (event: FormEvent) => {
    event.preventDefault();
    if (!instituteId || !organizationId) {
      setApplicantError(
        !instituteId ? memberPurchaseOrderMessages.instituteRequired : purchaseOrderMessages.organizationRequired,
      );
      return;
    }
    const refusal = applicantAddRefusal(email, form.values.applicants, remaining);
    if (refusal) {
      setApplicantError(refusal);
      return;
    }
    setChecking(true);
    try {
      const answer = await checkApplicant(instituteId, organizationId, email.trim().toLowerCase());
      if (!answer.userAvailable || !answer.applicant) {
        setApplicantError(memberPurchaseOrderMessages.applicantNotFound);
        return;
      }
      setApplicantList([...applicants, { email: answer.applicant.email.toLowerCase(), name: answer.applicant.name }]);
      setEmail('');
    } catch {
      setApplicantError(memberPurchaseOrderMessages.applicantError);
    } finally {
      setChecking(false);
    }
  };

  const applyCoupon = async (code: string, applied: () => void) => {
    if (!instituteId) {
      setCouponRefusal(memberPurchaseOrderMessages.instituteRequired);
      return;
    }
    setCouponPending(true);
    try {
      const answer = await validateCoupon(code, instituteId);
      setCoupon(answer.coupon);
      form.setFieldValue('couponCode', answer.coupon.code);
      followTotal(applicants.length, answer.coupon);
      notifications.show({ color: 'green', message: answer.message });
      applied();
    } catch (error) {
      setCouponRefusal(
        isApiError(error) ? (error.problem.errors?.code ?? cartMessages.couponError) : cartMessages.couponError,
      );
    } finally {
      setCouponPending(false);
    }
  };

  const submit = form.onSubmit((values) => {
    if (values.file) submitOrder.send(toFormData(values, values.file), form);
  });

  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="institute-heading">
        <Title order={2} size="h3" id="institute-heading">
          Institute and organization
        </Title>
        <NativeSelect
          label="Institute"
          data={[
            { value: '', label: 'Choose an institute' },
            ...institutes.map((option) => ({ value: option.id, label: option.name })),
          ]}
          withAsterisk
          error={form.errors.instituteId}
          value={instituteId ?? ''}
          onChange={(event) => choose('instituteId', event.currentTarget.value)}
        />
        <NativeSelect
          label="Organization"
          data={[{ value: '', label: 'Choose an organization' }, ...organizations]}
          withAsterisk
          error={form.errors.organizationId}
          value={organizationId ?? ''}
          onChange={(event) => choose('organizationId', event.currentTarget.value)}
        />
        {institute?.priceCents != null ? (
          <Text size="sm">Each applicant's tuition: {formatCents(institute.priceCents)}</Text>
        ) : null}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="applicants-heading">
        <Title order={2} size="h3" id="applicants-heading">
          Applicants
        </Title>
        <Text size="sm" c="dimmed">
          Accepted applicants of the institute in your organization who have not paid yet.
        </Text>
        <form onSubmit={(event) => void addApplicant(event)} noValidate aria-label="Add applicant">
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Applicant email"
              type="email"
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setApplicantError(null);
              }}
              error={applicantError}
              disabled={noneAvailable}
              w={280}
              maw="100%"
            />
            <Button type="submit" variant="default" mt={25} loading={checking} disabled={noneAvailable}>
              Add applicant
            </Button>
          </Group>
        </form>
        {noneAvailable ? (
          <Text size="sm" role="status">
            {memberPurchaseOrderMessages.noAvailableApplicants}
          </Text>
        ) : null}
        {applicants.length > 0 ? (
          <List spacing="xs" aria-label="Applicants added">
            {applicants.map((applicant) => (
              <List.Item key={applicant.email}>
                <Group gap="sm" wrap="wrap">
                  <Text size="sm">
                    {applicant.name} ({applicant.email})
                  </Text>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    aria-label={`Remove ${applicant.email}`}
                    onClick={() => setApplicantList(applicants.filter((other) => other.email !== applicant.email))}
                  >
                    Remove
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        {form.errors.applicants ? (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.applicants}
          </Text>
        ) : null}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="coupon-heading">
        <Title order={2} size="h3" id="coupon-heading">
          Coupon (optional)
        </Title>
        <CouponField
          coupon={coupon}
          formLabel="Coupon code"
          requiredMessage={cartMessages.couponRequired}
          pending={couponPending}
          refusal={couponRefusal}
          onEdit={() => setCouponRefusal(null)}
          onApply={(code, applied) => void applyCoupon(code, applied)}
          onRemove={() => {
            setCoupon(null);
            form.setFieldValue('couponCode', '');
          }}
          size="sm"
        />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="purchase-order-heading">
        <Title order={2} size="h3" id="purchase-order-heading">
          Purchase order
        </Title>
        <form onSubmit={submit} noValidate aria-labelledby="purchase-order-heading">
          <Stack gap="sm">
            <PurchaseOrderFields form={form} totalDescription={dollarsLine(institute, applicants.length, coupon)} />
            <PurchaseOrderButtons
              pending={submitOrder.isPending}
              onCancel={() => void navigate(memberPurchaseOrderPaths.landing)}
            />
          </Stack>
        </form>
      </Stack>
    </Stack>
  );
}

/**
 * /members/purchase-orders/institute (organizations.md §2, events.md §2): a purchase order paying accepted applicants
 * of an institute (type EVENT).
 */
export function InstitutePurchaseOrderPage() {
  const institutes = useQuery(institutesQuery);
  const memberships = useQuery(membershipsQuery);
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={memberPurchaseOrderPaths.landing} size="sm">
        Back to Purchase Orders
      </Anchor>
      <Title order={1}>Institute Purchase Order</Title>
      {institutes.isPending || memberships.isPending ? (
        <PageLoader label="Loading institutes and your organizations" />
      ) : institutes.isError || memberships.isError ? (
        <ErrorState
          message={errorMessage(institutes.error ?? memberships.error)}
          onRetry={() => {
            void institutes.refetch();
            void memberships.refetch();
          }}
        />
      ) : memberships.data.length === 0 ? (
        <NoOrganizationAlert />
      ) : institutes.data.items.length === 0 ? (
        <Alert color="gray" variant="light">
          <Text size="sm">No institutes are taking applications at the moment.</Text>
        </Alert>
      ) : (
        <InstituteForm institutes={institutes.data.items} organizations={organizationOptions(memberships.data)} />
      )}
    </Stack>
  );
}
