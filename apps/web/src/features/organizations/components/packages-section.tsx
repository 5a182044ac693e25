import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { organizationMessages, type OrganizationDetail } from '@portal/domain/organizations.ts';
import { normalizePackageStatus, packagePaths, packageStatusLabels } from '@portal/domain/package-rules.ts';
import { Section } from './section.tsx';

const packageStatusLabel = (status: string) => {
  const known = normalizePackageStatus(status);
  return known ? packageStatusLabels[known] : status;
};

/** The organization's package requests, each linking to its review (organizations.md §2). */
export function PackagesSection({ packages }: { packages: OrganizationDetail['packageRequests'] }) {
  return (
    <Section title="Affiliated packages">
      {packages.length === 0 ? (
        <Text>{organizationMessages.noPackages}</Text>
      ) : (
        <List spacing="xs">
          {packages.map((request) => (
            <List.Item key={request.id}>
              <Anchor component={Link} to={packagePaths.step(request.id, 'review')}>
                {request.packageName}
              </Anchor>{' '}
              <Text component="span" size="sm">
                ({packageStatusLabel(request.status)})
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}
