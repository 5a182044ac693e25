import { Stack, Text } from '@mantine/core';
import { formatPhone, type AddressReply } from '@portal/domain/contact.ts';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';

/** "Springfield, NY 62704": the parts that are set, in the order an envelope shows them. */
function cityLine(address: AddressReply): string {
  const stateZip = [address.stateProvince, address.zipPostal].filter(Boolean).join(' ');
  return [address.city, stateZip].filter(Boolean).join(', ');
}

/** An address as the API answers it, one line per part that is set, or 'Not set'. */
export function AddressLines({ address, withPhone = false }: { address: AddressReply; withPhone?: boolean }) {
  const lines = [
    address.addressLine1,
    address.addressLine2,
    cityLine(address),
    address.country,
    withPhone ? formatPhone(address.phone) : null,
  ].filter((line): line is string => Boolean(line));

  if (lines.length === 0) return <Text inherit>{organizationMessages.notSet}</Text>;
  return (
    <Stack gap={0}>
      {lines.map((line, index) => (
        <Text key={index} inherit>
          {line}
        </Text>
      ))}
    </Stack>
  );
}
