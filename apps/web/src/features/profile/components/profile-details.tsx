import { DataList, Text } from '@mantine/core';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import { displayName } from '@portal/domain/people/names.ts';
import type { Profile } from '@portal/domain/people/profile.ts';
import type { ReactNode } from 'react';
import { EmailAddress } from '../../../ui/email-address.tsx';

/** Shown instead of date of birth and SSN digits while staff view the portal as this member. */
export const sensitiveHiddenText = 'Hidden while viewing as this member';

function shown(value: string | null): string {
  return value?.trim() ? value : organizationMessages.notSet;
}

/** The profile in view mode: every field, 'Not set' for the empty ones. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const sensitive = (value: string | null) => (profile.sensitiveHidden ? sensitiveHiddenText : shown(value));
  const rows: [string, ReactNode][] = [
    ['Name', displayName(profile)],
    ['Email', <EmailAddress email={profile.email} />],
    ['Address 1', shown(profile.address1)],
    ['Address 2', shown(profile.address2)],
    ['City', shown(profile.city)],
    ['State / Province', shown(profile.stateProvince)],
    ['Zip / Postal code', shown(profile.zipPostal)],
    ['Country', shown(profile.country)],
    ['Phone', shown(profile.phone)],
    ['Date of birth', sensitive(profile.dateOfBirth)],
    ['Last 4 SSN', sensitive(profile.last4SSN)],
  ];

  return (
    // A long value (a name without spaces) may break anywhere rather than push the page wider than
    // a phone beside the 10rem labels; an email address breaks at its punctuation first.
    <DataList labelWidth="10rem" size="md" styles={{ itemValue: { minWidth: 0, overflowWrap: 'anywhere' } }}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
      <DataList.Item>
        <DataList.ItemLabel>Background</DataList.ItemLabel>
        <DataList.ItemValue>
          <Text component="span" inherit style={{ whiteSpace: 'pre-wrap' }}>
            {shown(profile.background)}
          </Text>
        </DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
