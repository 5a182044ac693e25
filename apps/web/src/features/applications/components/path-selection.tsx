import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Radio.css';
import { Fieldset, NativeSelect, Radio, Stack } from '@mantine/core';
import { maxRanking } from '@portal/domain/applications/rules.ts';
import type { ApplicationPathReply } from '@portal/domain/applications/contracts.ts';
import { formatUsDates } from '@portal/domain/dates.ts';
import { pickSection, rankSection, type SectionsDraft } from '../hooks/sections-draft.ts';

type Section = ApplicationPathReply['groupings'][number]['sections'][number];

interface PathSelectionProps {
  path: ApplicationPathReply;
  draft: SectionsDraft;
  onChange: (draft: SectionsDraft) => void;
}

/** "07/13/2026, 07/17/2026 · Main Hall" under a section's name. */
function sectionDetails(section: Section): string {
  return [formatUsDates(section.dates), section.locationName].filter(Boolean).join(' · ');
}

/** Ranked selection: a rank per section from 1 to the grouping's highest, unique within its grouping (the hint below says when it is not). */
function RankedGroupings({ path, draft, onChange }: PathSelectionProps) {
  const rankOf = (sectionId: string) =>
    draft.sections.find((section) => section.sectionId === sectionId)?.ranking ?? null;
  return (
    <>
      {path.groupings.map((grouping) => {
        const ranks = Array.from({ length: maxRanking(path, grouping.sections.length) }, (_, index) =>
          String(index + 1),
        );
        return (
          <Fieldset key={grouping.id} legend={grouping.name}>
            <Stack gap="sm">
              {grouping.sections.map((section) => (
                <NativeSelect
                  key={section.id}
                  label={section.title}
                  description={sectionDetails(section)}
                  data={[
                    { value: '', label: 'Not ranked' },
                    ...ranks.map((rank) => ({ value: rank, label: `Rank ${rank}` })),
                  ]}
                  value={String(rankOf(section.id) ?? '')}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    onChange(rankSection(draft, section.id, value === '' ? null : Number(value)));
                  }}
                />
              ))}
            </Stack>
          </Fieldset>
        );
      })}
    </>
  );
}

/** Without ranking, GROUPINGS level: exactly one grouping. */
function OneGrouping({ path, draft, onChange }: PathSelectionProps) {
  return (
    <Radio.Group
      label="Grouping"
      withAsterisk
      value={draft.groupingIds[0] ?? null}
      onChange={(id) => onChange({ ...draft, groupingIds: [id] })}
    >
      <Stack gap="sm" mt="xs">
        {path.groupings.map((grouping) => (
          <Radio
            key={grouping.id}
            value={grouping.id}
            label={grouping.name}
            description={grouping.sections.map((section) => section.title).join(', ')}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Without ranking, SECTIONS level: one section in each grouping. */
function OneSectionPerGrouping({ path, draft, onChange }: PathSelectionProps) {
  return (
    <>
      {path.groupings.map((grouping) => {
        const ids = grouping.sections.map((section) => section.id);
        const chosen = draft.sections.find((section) => ids.includes(section.sectionId))?.sectionId ?? null;
        return (
          <Radio.Group
            key={grouping.id}
            label={grouping.name}
            value={chosen}
            onChange={(id) => onChange(pickSection(draft, ids, id))}
          >
            <Stack gap="sm" mt="xs">
              {grouping.sections.map((section) => (
                <Radio
                  key={section.id}
                  value={section.id}
                  label={section.title}
                  description={sectionDetails(section)}
                />
              ))}
            </Stack>
          </Radio.Group>
        );
      })}
    </>
  );
}

/** The choices inside a path, by its selection rules (events.md §5 'Section selection'). */
export function PathSelection(props: PathSelectionProps) {
  if (props.path.requireRankedSelection) return <RankedGroupings {...props} />;
  if (props.path.applicationSelectionLevel === 'GROUPINGS') return <OneGrouping {...props} />;
  return <OneSectionPerGrouping {...props} />;
}
