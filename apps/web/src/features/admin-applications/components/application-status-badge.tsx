import { Badge } from '@mantine/core';
import { applicationStatusLabels, type ApplicationStatus } from '@portal/domain/application-rules.ts';
import { applicationStatusColors } from './labels.ts';

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge miw="max-content" variant="light" color={applicationStatusColors[status]} c="dark">
      {applicationStatusLabels[status]}
    </Badge>
  );
}
