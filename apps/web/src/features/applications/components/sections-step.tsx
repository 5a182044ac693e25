import '@mantine/core/styles/Fieldset.css';
import { Button, Fieldset, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { applicationMessages, selectionProblem, selectionRefusal } from '@portal/domain/applications/rules.ts';
import {
  draftOf,
  sameDraft,
  sectionsInput,
  selectablePath,
  choosePath,
  type SectionsDraft,
} from '../hooks/sections-draft.ts';
import { useStepSave, type AfterSave } from '../hooks/use-step-save.ts';
import { PathChoice } from './path-choice.tsx';
import { PathSelection } from './path-selection.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';

/**
 * Step 3, sections (events.md §2, §5): a path, then groupings or (ranked) sections in it. What is
 * still missing shows as a hint once the person has chosen something, and as an error once they
 * have pressed Save or Save & Continue — never on arrival, before anything was touched (decision
 * 0097). An incomplete choice may be saved, it just stays incomplete, while one the rules refuse (a
 * ranking used twice in a grouping, …) is not sent at all: the server would refuse it with the same
 * message (application-rules.selectionRefusal).
 */
export function SectionsStep({ detail }: StepProps) {
  const { save, goNext, saving, leaveTo } = useStepSave(detail, 'sections');
  const [saved, setSaved] = useState(() => draftOf(detail));
  const [draft, setDraft] = useState(saved);
  const [pathError, setPathError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const path = detail.event.paths.find((candidate) => candidate.id === draft.pathId) ?? null;
  const problem = path ? selectionProblem(selectablePath(path), draft) : null;
  const refused = path ? selectionRefusal(selectablePath(path), draft) !== null : false;

  const change = (next: SectionsDraft) => {
    setTouched(true);
    setDraft(next);
  };

  const submit = (after: AfterSave) => {
    setAttempted(true);
    const { pathId } = draft;
    if (!pathId) {
      setPathError(applicationMessages.pathUnknown);
      return;
    }
    // A choice the server refuses rather than saves as incomplete: the hint already says why.
    if (refused) return;
    const sent: SectionsDraft = { ...draft };
    save(sectionsInput({ ...draft, pathId }), after, {
      onSaved: () => setSaved(sent),
      onFieldErrors: (errors) => setPathError(errors.pathId ?? null),
    });
  };

  if (detail.event.paths.length === 0) {
    return (
      <Stack gap="md">
        <Text>{applicationMessages.noSections}</Text>
        <StepActions
          applicationId={detail.id}
          step="sections"
          editable={detail.editable}
          dirty={false}
          saving={false}
          leaveTo={leaveTo}
        >
          {detail.editable ? <Button onClick={() => goNext(detail.progress)}>Continue</Button> : null}
        </StepActions>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Fieldset variant="unstyled" disabled={!detail.editable}>
        <Stack gap="lg">
          <PathChoice
            paths={detail.event.paths}
            value={draft.pathId}
            error={pathError}
            onChange={(pathId) => {
              setPathError(null);
              change(choosePath(draft, pathId));
            }}
          />
          {path ? <PathSelection path={path} draft={draft} onChange={change} /> : null}
          <Text size="sm" aria-live="polite" c={problem && (refused || attempted) ? 'red.9' : undefined}>
            {touched || attempted ? problem : null}
          </Text>
        </Stack>
      </Fieldset>
      <StepActions
        applicationId={detail.id}
        step="sections"
        editable={detail.editable}
        dirty={detail.editable && !sameDraft(draft, saved)}
        saving={saving}
        leaveTo={leaveTo}
        onSave={() => submit('stay')}
        onContinue={() => submit('next')}
      />
    </Stack>
  );
}
