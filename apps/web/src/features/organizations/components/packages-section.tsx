import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { organizationMessages, type OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { packagePaths, packageRequestActionLinks, packageStatusLabels } from '@portal/domain/packages/rules.ts';
import { packageStatusTones, StatusBadge } from '../../../ui/status-badge.tsx';
import { Section } from './section.tsx';

type PackageRequest = OrganizationDetail['packageRequests'][number];

function PackageRequestItem({ request }: { request: PackageRequest }) {
  return (
    <Stack component="li" gap="xs">
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={packagePaths.step(request.id, 'review')} fw={600}>
          {request.packageName}
        </Anchor>
        <StatusBadge tone={packageStatusTones[request.status]}>{packageStatusLabels[request.status]}</StatusBadge>
      </Group>
      <Group gap="xs" wrap="wrap">
        {packageRequestActionLinks(request.status, request.id).map(({ action, label, path }) => (
          <Button
            key={action}
            component={Link}
            to={path}
            size="compact-sm"
            variant={action === 'CONTINUE_APPLICATION' ? 'filled' : 'default'}
          >
            {label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The organization's package requests (organizations.md §2): each named with a link to its review,
 * its status, and the actions of §4 that Select a Service offers too (one rule in packages/domain).
 * Only an OWNER or ADMIN opens this page, and both may take every one of those actions.
 */
export function PackagesSection({ packages }: { packages: OrganizationDetail['packageRequests'] }) {
  return (
    <Section title="Affiliated packages">
      {packages.length === 0 ? (
        <Text>{organizationMessages.noPackages}</Text>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {packages.map((request) => (
            <PackageRequestItem key={request.id} request={request} />
          ))}
        </Stack>
      )}
    </Section>
  );
}
