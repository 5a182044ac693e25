import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { certificateMessages } from '@portal/domain/events/certificates.ts';
import { evaluationMessages, evaluationPagePath } from '@portal/domain/events/evaluations.ts';
import { certificatePdfPath, myCertificatesQuery } from './queries.ts';

/**
 * On a ticket's row: the certificate of attendance of its event, once the member has one (or what releases it).
 * Drawn as the row's other actions are (subtle, extra small), so they line up as one list.
 */
export function CertificateLink({ eventId, eventName }: { eventId: string; eventName: string }) {
  const certificates = useQuery(myCertificatesQuery);
  const certificate = certificates.data?.items.find((item) => item.eventId === eventId);
  if (!certificate) return null;
  if (certificate.awaitingEvaluation !== null)
    return (
      <Button
        component={Link}
        to={evaluationPagePath(eventId, certificate.awaitingEvaluation)}
        variant="subtle"
        size="xs"
      >
        {evaluationMessages.completeToReceive}
      </Button>
    );
  return (
    <Button
      component="a"
      href={certificatePdfPath(certificate.id)}
      download
      variant="subtle"
      size="xs"
      aria-label={`${certificateMessages.download}: ${eventName}`}
    >
      {certificateMessages.download}
    </Button>
  );
}
