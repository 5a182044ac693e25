import { Checkbox, Group } from '@mantine/core';
import { toolkitAudienceLabels, toolkitAudiences, type ToolkitAudience } from '@portal/domain/content/toolkit.ts';

interface AudienceFieldProps {
  value: ToolkitAudience[];
  onChange: (value: ToolkitAudience[]) => void;
  error?: React.ReactNode;
}

/** Which flags an item is aimed at: none ticked means every toolkit member. */
export function AudienceField({ value, onChange, error }: AudienceFieldProps) {
  return (
    <Checkbox.Group
      label="Shown to"
      description="Tick none to show it to every member with toolkit access; otherwise members holding any ticked flag see it."
      value={value}
      onChange={(next) =>
        onChange(next.filter((flag): flag is ToolkitAudience => (toolkitAudiences as readonly string[]).includes(flag)))
      }
      error={error}
    >
      <Group gap="sm" mt="xs">
        {toolkitAudiences.map((flag) => (
          <Checkbox key={flag} value={flag} label={toolkitAudienceLabels[flag]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** How a table names an audience. */
export const audienceText = (audience: readonly ToolkitAudience[]) =>
  audience.length === 0 ? 'Every toolkit member' : audience.map((flag) => toolkitAudienceLabels[flag]).join(', ');
