import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CatalogueEventDetail } from '@portal/domain/events/catalogue.ts';
import { formatCents } from '@portal/domain/money.ts';
import {
  groupPrice,
  maxSeatsPerRequest,
  minSeatsPerRequest,
  registrationRequestMessages as messages,
  registrationRequestPaths,
  seatsRequested,
  type GroupRegistrationOffer,
} from '@portal/domain/registrations/requests.ts';
import { api, isApiError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { notifyError } from '../../lib/errors.ts';
import { newIdempotencyKey } from '../commerce/idempotency-key.ts';
import { groupOfferQuery, registrationKeys } from './queries.ts';
import { SeatsInput } from './seats-input.tsx';

/** What the offer gives, in words ("Seats past 10 are free, up to 2 free seats."). */
export function offerText(
  offer: Pick<GroupRegistrationOffer, 'paidSeatsRequiredForOffer' | 'freeSeatsInOffer'>,
): string | null {
  const { paidSeatsRequiredForOffer: paid, freeSeatsInOffer: free } = offer;
  if (paid === null || free === null) return null;
  return `Seats past ${paid} are free, up to ${free} free ${free === 1 ? 'seat' : 'seats'}.`;
}

type CreateBody = {
  eventId: string;
  seatsRequested: number;
  sectionIds: string[];
  groupingIds: string[];
  organizationId?: string;
};

/** The member's organizations (any active membership), once each: those a request may be made for. */
function useMemberOrganizations(): { id: string; name: string }[] {
  const user = useCurrentUser();
  const seen = new Map<string, string>();
  for (const membership of user?.memberships ?? []) seen.set(membership.organizationId, membership.organizationName);
  return [...seen].map(([id, name]) => ({ id, name }));
}

interface OrganizationFieldProps {
  organizations: readonly { id: string; name: string }[];
  value: string | null;
  onChange: (organizationId: string | null) => void;
  error: string | null;
}

/**
 * For whom the seats are (registrations.requestOrganization): chosen here among several
 * organizations; the only one said in words; nothing when the member belongs to none.
 */
function OrganizationField({ organizations, value, onChange, error }: OrganizationFieldProps) {
  const [only] = organizations;
  if (organizations.length === 0) return null;
  if (organizations.length === 1 && only) {
    return (
      <Text size="sm">
        {messages.organizationLabel} <strong>{only.name}</strong>
      </Text>
    );
  }
  return (
    <NativeSelect
      label={messages.organizationLabel}
      description="The organization whose team the seats are for"
      required
      data={[
        { value: '', label: 'Choose an organization' },
        ...organizations.map((organization) => ({ value: organization.id, label: organization.name })),
      ]}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
      maw={420}
    />
  );
}

/**
 * The seats and, per path, what an application chooses there: the groupings of a path chosen by
 * grouping, the sections of the others. One Idempotency-Key per attempt (the same seats and choices):
 * a double click or a retry after a lost answer makes one request; a refusal or a change starts anew.
 */
function RequestSeatsForm({ event, offer }: { event: CatalogueEventDetail; offer: GroupRegistrationOffer }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [seats, setSeats] = useState<number | string>(minSeatsPerRequest);
  const [sectionIds, setSectionIds] = useState<string[]>([]);
  const [groupingIds, setGroupingIds] = useState<string[]>([]);
  const organizations = useMemberOrganizations();
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [organizationError, setOrganizationError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const create = useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateBody; idempotencyKey: string }) =>
      api.post<{ id: string }>('/api/event-registration-requests', body, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: registrationKeys.lists });
      notifications.show({ color: 'green', message: messages.requested });
      void navigate(registrationRequestPaths.detail(id));
    },
    onError: (failure) => {
      notifyError(failure);
      if (isApiError(failure) && failure.status < 500) attempt.current = null;
      const refused = isApiError(failure) ? failure.problem.errors?.organizationId : undefined;
      if (refused) setOrganizationError(refused);
    },
  });
  const parsed = seatsRequested.safeParse(typeof seats === 'number' ? seats : Number.NaN);
  const price = parsed.success ? groupPrice(parsed.data, { ...offer }, null) : null;
  const byGrouping = new Set(offer.groupingPathIds);
  const sectionPaths = event.paths.filter((path) => !byGrouping.has(path.id));
  const groupingPaths = event.paths.filter((path) => byGrouping.has(path.id) && path.groupings.length > 0);
  const sections = sectionPaths.flatMap((path) =>
    path.groupings.flatMap((grouping) => grouping.sections.map((section) => ({ grouping, section }))),
  );

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (!parsed.success) {
      setError(messages.seatsRange);
      return;
    }
    // One organization needs no choice (the server takes it too); several must be chosen.
    const chosen = organizations.length > 1 ? organizationId : null;
    if (organizations.length > 1 && !chosen) {
      setOrganizationError(messages.organizationRequired);
      return;
    }
    const body: CreateBody = {
      eventId: event.id,
      seatsRequested: parsed.data,
      sectionIds,
      groupingIds,
      ...(chosen ? { organizationId: chosen } : {}),
    };
    const signature = JSON.stringify(body);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { signature, key };
    create.mutate({ body, idempotencyKey: key });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${messages.requestSeats} for ${event.name}`}>
      <Stack gap="sm">
        <SeatsInput
          label="Number of seats"
          description={`${minSeatsPerRequest} to ${maxSeatsPerRequest}`}
          value={seats}
          onChange={(value) => {
            setSeats(value);
            setError(null);
          }}
          error={error}
          w={200}
        />
        {sections.length > 0 ? (
          <Checkbox.Group
            label="Sections wanted"
            description="Every attendee is registered for the sections chosen here."
            value={sectionIds}
            onChange={setSectionIds}
          >
            <Stack gap="xs" mt="xs">
              {sections.map(({ grouping, section }) => (
                <Checkbox key={section.id} value={section.id} label={`${grouping.name}: ${section.title}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        {groupingPaths.length > 0 ? (
          <Checkbox.Group
            label="Groupings wanted"
            description="Every attendee is registered for the groupings chosen here."
            value={groupingIds}
            onChange={setGroupingIds}
          >
            <Stack gap="xs" mt="xs">
              {groupingPaths.flatMap((path) =>
                path.groupings.map((grouping) => (
                  <Checkbox key={grouping.id} value={grouping.id} label={`${path.name}: ${grouping.name}`} />
                )),
              )}
            </Stack>
          </Checkbox.Group>
        ) : null}
        <OrganizationField
          organizations={organizations}
          value={organizationId}
          onChange={(value) => {
            setOrganizationId(value);
            setOrganizationError(null);
          }}
          error={organizationError}
        />
        {price ? (
          <Text size="sm" aria-live="polite">
            Total: <strong>{formatCents(price.subtotal)}</strong>
            {price.freeSeats > 0 ? ` (${price.freeSeats} free ${price.freeSeats === 1 ? 'seat' : 'seats'})` : ''}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {messages.requestSeats}
          </Button>
          <Anchor component={Link} to={registrationRequestPaths.list} size="sm">
            {messages.listTitle}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Request seats' on an event's page, when staff opened the event to group registration; nothing otherwise. */
export function RequestSeatsPanel({ event }: { event: CatalogueEventDetail }) {
  const offer = useQuery({ ...groupOfferQuery(event.id), enabled: event.purchaseOpen });
  // Seats are sold as tickets are: not once the event's purchase window has closed (the page says so).
  if (!event.purchaseOpen || !offer.data) return null;
  const extra = offerText(offer.data);
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="group-registration-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="group-registration-heading">
          Group registration
        </Title>
        <Text size="sm">
          Request several seats at {formatCents(offer.data.attendeeCost)} per seat, then name an attendee for each seat.
          {extra ? ` ${extra}` : ''}
        </Text>
        <RequestSeatsForm event={event} offer={offer.data} />
      </Stack>
    </Paper>
  );
}
