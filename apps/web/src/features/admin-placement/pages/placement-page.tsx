import { Stack, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import type { PlacementPreview, PlacementRunInput } from '@portal/domain/applications/placement-contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { EventSubPageHeader } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { placementBoardQuery, usePlacementPreview, usePublishPlacement } from '../api/placement.ts';
import { MoveModal, type MovingPerson } from '../components/move-modal.tsx';
import { PreviewPanel, type StagedMove } from '../components/preview-panel.tsx';
import { RunForm, type RunSettings } from '../components/run-form.tsx';
import { SectionsTable } from '../components/sections-table.tsx';

export const placementLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(placementBoardQuery(params.eventId ?? ''));
    return null;
  };

const runInput = (settings: RunSettings, moves: readonly StagedMove[]): PlacementRunInput => ({
  priority: settings.priority,
  seed: settings.priority === 'LOTTERY' ? settings.seed : null,
  order: settings.priority === 'MANUAL' ? settings.order.map((person) => person.applicationId) : [],
  moves: moves.map(({ applicationId, sectionId, reason }) => ({ applicationId, sectionId, reason })),
});

/**
 * /admin/events/{id}/placement: accepted applicants placed into the sections they ranked. Staff choose
 * the priority, preview (nothing saved), move people by hand with a reason, and publish the preview.
 */
export function PlacementPage() {
  const eventId = useParams().eventId ?? '';
  const board = useQuery(placementBoardQuery(eventId));
  const previewRun = usePlacementPreview(eventId);
  const publish = usePublishPlacement(eventId);
  const [settings, setSettings] = useState<RunSettings>({ priority: 'SUBMISSION', seed: null, order: [] });
  const [moves, setMoves] = useState<StagedMove[]>([]);
  const [preview, setPreview] = useState<PlacementPreview | null>(null);
  const [moving, setMoving] = useState<MovingPerson | null>(null);

  if (isApiError(board.error, 404)) return <NotFound />;

  const run = (nextMoves: readonly StagedMove[], page = 1) =>
    previewRun.mutate({ ...runInput(settings, nextMoves), page }, { onSuccess: setPreview, onError: notifyError });
  const changeSettings = (next: RunSettings) => {
    setSettings(next);
    // A preview of other settings would be published as something it is not.
    setPreview(null);
  };
  const stageMove = (move: StagedMove) => {
    const next = [...moves.filter((other) => other.applicationId !== move.applicationId), move];
    setMoves(next);
    run(next);
  };
  const removeMove = (move: StagedMove) => {
    const next = moves.filter((other) => other !== move);
    setMoves(next);
    run(next);
  };
  const sectionTitle = (sectionId: string) =>
    board.data?.groupings.flatMap((grouping) => grouping.sections).find((section) => section.id === sectionId)?.title ??
    '';
  const confirmPublish = (shown: PlacementPreview) =>
    openConfirmModal({
      title: 'Publish this placement?',
      children: (
        <Text size="sm">
          {shown.newPlaces} {shown.newPlaces === 1 ? 'person is' : 'people are'} placed and mailed their section.
          Published places do not move unless you move them by hand.
        </Text>
      ),
      labels: { confirm: 'Publish', cancel: 'Cancel' },
      onConfirm: () =>
        publish.mutate(
          { ...runInput(settings, moves), fingerprint: shown.fingerprint },
          {
            onSuccess: (reply) => {
              notifications.show({ color: 'green', message: reply.message });
              // The places stay in view, now as published: the same run previewed again, its moves saved with it.
              setMoves([]);
              run([]);
            },
            onError: (error) => {
              notifyError(error);
              if (isApiError(error, 409)) run(moves);
            },
          },
        ),
    });

  return (
    <Stack gap="lg">
      <EventSubPageHeader eventId={eventId} title="Placement" />
      {board.isPending ? (
        <PageLoader label="Loading placement" />
      ) : board.isError ? (
        <ErrorState message={errorMessage(board.error)} onRetry={() => void board.refetch()} />
      ) : board.data.groupings.length === 0 ? (
        <EmptyState message={placementMessages.notRanked} />
      ) : (
        <>
          <Text>
            {board.data.accepted} accepted {board.data.accepted === 1 ? 'applicant' : 'applicants'} on ranked paths,{' '}
            {board.data.placed} placed.
          </Text>
          <DetailSection title="Sections">
            <SectionsTable groupings={board.data.groupings} fill={preview?.fill ?? null} />
          </DetailSection>
          <DetailSection title="Run the placement">
            <RunForm
              eventId={eventId}
              settings={settings}
              onChange={changeSettings}
              onPreview={() => run(moves)}
              pending={previewRun.isPending}
            />
          </DetailSection>
          {preview ? (
            <DetailSection title="Preview">
              <PreviewPanel
                preview={preview}
                moves={moves}
                sectionTitle={sectionTitle}
                onMove={setMoving}
                onRemoveMove={removeMove}
                onPage={(page) => run(moves, page)}
                onPublish={() => confirmPublish(preview)}
                publishing={publish.isPending}
              />
            </DetailSection>
          ) : null}
          <MoveModal
            person={moving}
            groupings={board.data.groupings}
            fill={preview?.fill ?? []}
            onClose={() => setMoving(null)}
            onMove={stageMove}
          />
        </>
      )}
    </Stack>
  );
}
