import { Anchor, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { certificateMessages } from '@portal/domain/events/certificates.ts';
import { evaluationMessages, evaluationPagePath } from '@portal/domain/events/evaluations.ts';
import { certificatePdfPath, myCertificatesQuery } from './queries.ts';

interface CertificateLinkProps {
  eventId: string;
  eventName: string;
  /**
   * 'rowAction' on a ticket's row: drawn as the row's other actions (subtle, extra small), so they read as
   * one list; a small link elsewhere.
   */
  variant?: 'link' | 'rowAction';
}

/** The certificate of attendance of an event, once the member has one (or what releases it). */
export function CertificateLink({ eventId, eventName, variant = 'link' }: CertificateLinkProps) {
  const certificates = useQuery(myCertificatesQuery);
  const certificate = certificates.data?.items.find((item) => item.eventId === eventId);
  if (!certificate) return null;
  const asButton = variant === 'rowAction' ? ({ variant: 'subtle', size: 'xs' } as const) : null;
  if (certificate.awaitingEvaluation !== null) {
    const to = evaluationPagePath(eventId, certificate.awaitingEvaluation);
    return asButton ? (
      <Button component={Link} to={to} {...asButton}>
        {evaluationMessages.completeToReceive}
      </Button>
    ) : (
      <Anchor component={Link} to={to} size="sm">
        {evaluationMessages.completeToReceive}
      </Anchor>
    );
  }
  const download = {
    href: certificatePdfPath(certificate.id),
    download: true,
    'aria-label': `${certificateMessages.download}: ${eventName}`,
  };
  return asButton ? (
    <Button component="a" {...download} {...asButton}>
      {certificateMessages.download}
    </Button>
  ) : (
    <Anchor {...download} size="sm">
      {certificateMessages.download}
    </Anchor>
  );
}
