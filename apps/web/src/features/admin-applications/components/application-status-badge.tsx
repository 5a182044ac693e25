import { applicationStatusLabels, type ApplicationStatus } from '@portal/domain/applications/rules.ts';
import { applicationTones, StatusBadge } from '../../../ui/status-badge.tsx';

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <StatusBadge tone={applicationTones[status]}>{applicationStatusLabels[status]}</StatusBadge>;
}
