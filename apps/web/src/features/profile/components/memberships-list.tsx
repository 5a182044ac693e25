import { Anchor, Badge, DataList, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { organizationMessages, organizationPermissions } from '@portal/domain/organizations/contracts.ts';
import type { Profile } from '@portal/domain/people/profile.ts';
import { organizationRoleLabels } from '@portal/domain/people/roles.ts';
import { AddressLines } from '../../../ui/address-lines.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';

type Membership = Profile['memberships'][number];

function MembershipCard({ membership }: { membership: Membership }) {
  const headingId = `membership-${membership.id}`;
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {membership.organizationName}
          </Title>
          <Badge variant="light" color="gray" c="dark">
            {organizationRoleLabels[membership.role]}
          </Badge>
        </Group>
        <DataList orientation="vertical" gap="xs">
          <DataList.Item>
            <DataList.ItemLabel>District</DataList.ItemLabel>
            <DataList.ItemValue>{membership.districtName ?? organizationMessages.notSet}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Mailing address</DataList.ItemLabel>
            <DataList.ItemValue>
              <AddressLines address={membership.mailingAddress} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Position</DataList.ItemLabel>
            <DataList.ItemValue>{membership.positionLabel ?? organizationMessages.notSet}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Grades</DataList.ItemLabel>
            <DataList.ItemValue>
              {membership.grades.length > 0 ? membership.grades.join(', ') : organizationMessages.notSet}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
        {organizationPermissions.manage(membership.role) ? (
          <Anchor component={Link} to={`/members/organization/${membership.organizationId}`} size="sm">
            Manage {membership.organizationName}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The member's active organization memberships (organizations.md §3 'Organization membership'). */
export function MembershipsList({ memberships }: { memberships: Profile['memberships'] }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby="memberships-heading">
      <Title order={2} size="h3" id="memberships-heading">
        Memberships
      </Title>
      {memberships.length === 0 ? (
        <EmptyState message="You do not belong to any organization yet." />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {memberships.map((membership) => (
            <MembershipCard key={membership.id} membership={membership} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
