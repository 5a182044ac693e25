import { NativeSelect, Text } from '@mantine/core';
import { checkoutOrganizationMessages } from '@portal/domain/commerce/cart.ts';

export interface AdministeredOrganization {
  organizationId: string;
  organizationName: string;
}

interface OrganizationChoiceProps {
  organizations: readonly AdministeredOrganization[];
  value: string | null;
  onChange: (organizationId: string | null) => void;
  error: string | null;
}

export const boughtForYourself = 'These tickets are bought for you: you can allocate them to yourself.';

/**
 * For whom the checkout buys (cart.checkoutOrganization): the organizations the member administers,
 * chosen here when there are several; the only one, or the member themselves, said in words otherwise.
 */
export function OrganizationChoice({ organizations, value, onChange, error }: OrganizationChoiceProps) {
  const [only] = organizations;
  if (organizations.length === 0) return <Text size="sm">{boughtForYourself}</Text>;
  if (organizations.length === 1 && only) {
    return (
      <Text size="sm">
        {checkoutOrganizationMessages.label} <strong>{only.organizationName}</strong>
      </Text>
    );
  }
  return (
    <NativeSelect
      label={checkoutOrganizationMessages.label}
      description="The organization whose staff will hold these tickets"
      required
      data={[
        { value: '', label: 'Choose an organization' },
        ...organizations.map((organization) => ({
          value: organization.organizationId,
          label: organization.organizationName,
        })),
      ]}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
      maw={420}
    />
  );
}
