import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { applicationMessages, pathLevelLabels } from '@portal/domain/applications/rules.ts';
import type { ApplicationPathReply } from '@portal/domain/applications/contracts.ts';

interface PathChoiceProps {
  paths: ApplicationPathReply[];
  value: string | null;
  onChange: (pathId: string) => void;
  error: string | null;
}

/** First Year or Advanced, one card per path; an Advanced path the member has no matching past event for is shown closed, with why. */
export function PathChoice({ paths, value, onChange, error }: PathChoiceProps) {
  return (
    <Radio.Group label="Path" withAsterisk value={value} onChange={onChange} error={error}>
      <Stack gap="sm" mt="xs">
        {paths.map((path) => (
          <Radio.Card key={path.id} value={path.id} disabled={!path.eligible} p="md" radius="md">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator disabled={!path.eligible} />
              <Stack gap="3xs">
                <Text fw={600}>{path.name}</Text>
                {/* A path named after its level ('First Year') need not say it twice. */}
                {path.name === pathLevelLabels[path.level] ? null : (
                  <Text size="sm">{pathLevelLabels[path.level]}</Text>
                )}
                {path.eligible ? null : <Text size="sm">{applicationMessages.advancedNotEligible}</Text>}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
