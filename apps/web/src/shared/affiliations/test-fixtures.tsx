import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Affiliation } from '@portal/domain/organizations/affiliations.ts';
import { theme } from '../../ui/theme.ts';
import type { Lookups } from '../../lib/lookups.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { AffiliationsSection } from './affiliations-section.tsx';
import { ids } from './test-ids.ts';

export { ids };

export const lookups: Lookups = {
  grades: [
    { id: ids.gradeK, name: 'K' },
    { id: ids.grade1, name: '1' },
    { id: ids.grade2, name: '2' },
  ],
  positions: [
    { id: ids.teacher, name: 'TEACHER', label: 'Teacher' },
    { id: ids.coach, name: 'COACH', label: 'Instructional Coach' },
  ],
  usStates: [
    { code: 'CA', name: 'California' },
    { code: 'NY', name: 'New York' },
  ],
  countries: [
    { id: 'c-us', name: 'United States' },
    { id: 'c-ca', name: 'Canada' },
  ],
  schoolYears: [],
  organizationTypes: [{ id: ids.school, name: 'School' }],
};

export function anAffiliation(overrides: Partial<Affiliation> = {}): Affiliation {
  return {
    membershipId: 'm-1',
    organizationId: ids.lincoln,
    organizationName: 'Lincoln Elementary School',
    districtName: 'Springfield District',
    role: 'MEMBER',
    positionId: ids.teacher,
    positionLabel: 'Teacher',
    gradeIds: [ids.gradeK],
    grades: ['K'],
    ...overrides,
  };
}

/**
 * The app's providers with Mantine's test environment: jsdom lays nothing out, so a dropdown would
 * otherwise count its zero-sized input as scrolled away and stay hidden.
 */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  return {
    ...render(
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} env="test">
          <ModalsProvider>
            <Notifications />
            {ui}
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>,
    ),
    queryClient,
  };
}

export function renderSection() {
  return renderWithProviders(<AffiliationsSection />);
}
