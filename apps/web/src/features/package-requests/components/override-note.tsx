import { Text } from '@mantine/core';
import { packageMessages } from '@portal/domain/packages/rules.ts';

/** §4: a selection staff created or overrode is locked for the member, and says so. */
export function OverrideNote({ overridden, createdByAdmin }: { overridden: boolean; createdByAdmin: boolean }) {
  if (!overridden && !createdByAdmin) return null;
  return (
    <Text size="sm" fs="italic">
      {[
        createdByAdmin ? packageMessages.createdByAdmin : null,
        overridden ? `This amount was ${packageMessages.overriddenByAdmin}.` : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}
