import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { certificateMessages } from '@portal/domain/events/certificates.ts';
import { certificatePdfPath, myCertificatesQuery } from './queries.ts';

/** On a ticket's row: the certificate of attendance of its event, once the member has one. */
export function CertificateLink({ eventId, eventName }: { eventId: string; eventName: string }) {
  const certificates = useQuery(myCertificatesQuery);
  const certificate = certificates.data?.items.find((item) => item.eventId === eventId);
  if (!certificate) return null;
  return (
    <Anchor
      href={certificatePdfPath(certificate.id)}
      download
      size="sm"
      aria-label={`${certificateMessages.download}: ${eventName}`}
    >
      {certificateMessages.download}
    </Anchor>
  );
}
