import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicationMessages, selectionMessages } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail, SaveSegmentInput } from '@portal/domain/applications/contracts.ts';
import {
  aFirstYearPath,
  anAdvancedPath,
  anApplicationDetail,
  applicationSectionIds,
  groupingIds,
  pathIds,
  segmentsPath,
  wizardPath,
  wizardRoutes,
} from '../../../test/applications.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { unsavedChangesMessage } from '../../../ui/unsaved-changes-prompt.tsx';

const progress = {
  generalInformation: true,
  affiliation: true,
  sectionChosen: false,
  section: false,
  questionnaire: false,
};

async function openStep(detail: ApplicationDetail, onSave?: (body: SaveSegmentInput) => ApplicationDetail) {
  const calls = stubFetch(
    wizardRoutes(
      detail,
      onSave ? { [segmentsPath]: (body) => jsonResponse(200, onSave(body as SaveSegmentInput)) } : {},
    ),
  );
  const app = renderApp(wizardPath('sections'));
  await screen.findByRole('radiogroup', { name: /Path/ }, { timeout: 8000 });
  return { app, calls, user: userEvent.setup() };
}

const rank = (section: string) => screen.getByRole('combobox', { name: new RegExp(section) });

describe('Application wizard: sections', { timeout: 30_000 }, () => {
  it('offers the paths with their level, the Advanced one closed without a matching past event', async () => {
    await openStep(anApplicationDetail({ progress }));

    expect(screen.getByRole('radio', { name: /First Year/ })).toBeEnabled();
    const advanced = screen.getByRole('radio', { name: /Advanced/ });
    expect(advanced).toBeDisabled();
    expect(advanced).toHaveTextContent(applicationMessages.advancedNotEligible);
  });

  it('ranks sections with a live hint, refuses a ranking used twice, saves an incomplete choice, and goes on once it is complete', async () => {
    const bodies: SaveSegmentInput[] = [];
    const { app, user } = await openStep(anApplicationDetail({ progress }), (body) => {
      bodies.push(body);
      const complete = body.segment === 'SECTIONS' && body.data.requestedSections.length === 2;
      return anApplicationDetail({
        pathId: pathIds.firstYear,
        progress: {
          ...progress,
          sectionChosen: body.segment === 'SECTIONS' && body.data.requestedSections.length > 0,
          section: complete,
        },
      });
    });

    await user.click(screen.getByRole('radio', { name: /First Year/ }));
    const fieldset = screen.getByRole('group', { name: 'Strands' });
    expect(within(fieldset).getAllByRole('combobox')).toHaveLength(3);
    expect(screen.getByText(selectionMessages.rankedAmount(2))).toBeInTheDocument();

    await user.selectOptions(rank('Data Conversations'), 'Rank 1');
    await user.selectOptions(rank('Coaching Cycles'), 'Rank 1');
    expect(screen.getByText(selectionMessages.rankingUnique)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(bodies).toHaveLength(0);

    await user.selectOptions(rank('Coaching Cycles'), 'Rank 2');
    await user.selectOptions(rank('Data Conversations'), 'Not ranked');
    expect(screen.getByText(selectionMessages.rankedAmount(2))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(applicationMessages.saved)).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      segment: 'SECTIONS',
      data: {
        pathId: pathIds.firstYear,
        requestedGroupings: [],
        requestedSections: [{ id: applicationSectionIds.cycles, ranking: 2 }],
      },
    });

    await user.selectOptions(rank('Data Conversations'), 'Rank 1');
    expect(screen.queryByText(selectionMessages.rankedAmount(2))).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(app.location()).toBe(wizardPath('questionnaire')));
  });

  it('says nothing is missing on arrival, before anything is touched, and says it once Save is pressed', async () => {
    const { user } = await openStep(anApplicationDetail({ pathId: pathIds.firstYear, progress }), () =>
      anApplicationDetail({ pathId: pathIds.firstYear, progress }),
    );

    expect(screen.getByRole('radio', { name: /First Year/ })).toBeChecked();
    expect(screen.queryByText(selectionMessages.rankedAmount(2))).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(selectionMessages.rankedAmount(2))).toBeInTheDocument();
  });

  it('stays with the reason when the saved choice is still incomplete', async () => {
    const { app, user } = await openStep(anApplicationDetail({ progress }), () =>
      anApplicationDetail({ pathId: pathIds.firstYear, progress }),
    );

    await user.click(screen.getByRole('radio', { name: /First Year/ }));
    await user.selectOptions(rank('Modeling Lessons'), 'Rank 1');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByText(applicationMessages.sectionMissing)).toBeInTheDocument();
    expect(app.location()).toBe(wizardPath('sections'));
  });

  it('asks for a path before saving', async () => {
    const { calls, user } = await openStep(anApplicationDetail({ progress }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(applicationMessages.pathUnknown)).toBeInTheDocument();
    expect(calls.some((call) => `${call.method} ${call.path}` === segmentsPath)).toBe(false);
  });

  it('picks one section per grouping on an unranked path', async () => {
    const bodies: SaveSegmentInput[] = [];
    const { user } = await openStep(
      anApplicationDetail({
        progress,
        event: { ...anApplicationDetail().event, paths: [aFirstYearPath(), anAdvancedPath({ eligible: true })] },
      }),
      (body) => {
        bodies.push(body);
        return anApplicationDetail({ progress });
      },
    );

    await user.click(screen.getByRole('radio', { name: /Advanced/ }));
    expect(screen.getByText(selectionMessages.atLeastOneSection)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Leading Teams/ }));
    await user.click(screen.getByRole('radio', { name: /Coaching Coaches/ }));
    expect(screen.queryByText(selectionMessages.atLeastOneSection)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      data: { pathId: pathIds.advanced, requestedSections: [{ id: applicationSectionIds.coaches, ranking: null }] },
    });
  });

  it('picks exactly one grouping on a GROUPINGS path', async () => {
    const bodies: SaveSegmentInput[] = [];
    const path = aFirstYearPath({ applicationSelectionLevel: 'GROUPINGS', requireRankedSelection: false });
    const { user } = await openStep(
      anApplicationDetail({ progress, event: { ...anApplicationDetail().event, paths: [path] } }),
      (body) => {
        bodies.push(body);
        return anApplicationDetail({ progress });
      },
    );

    await user.click(screen.getByRole('radio', { name: /First Year/ }));
    expect(screen.getByText(selectionMessages.oneGrouping)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Strands/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      data: { requestedGroupings: [{ id: groupingIds.strands, ranking: null }], requestedSections: [] },
    });
  });

  it('asks before Previous drops unsaved choices', async () => {
    const { app, user } = await openStep(anApplicationDetail({ progress }));

    await user.click(screen.getByRole('radio', { name: /First Year/ }));
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(await screen.findByText(unsavedChangesMessage)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(app.location()).toBe(wizardPath('affiliations-and-attendance')));
  });

  it('says an event without paths has nothing to choose, and continues to the questionnaire without saving', async () => {
    const base = anApplicationDetail();
    const detail = anApplicationDetail({
      event: { ...base.event, paths: [] },
      progress: { ...progress, sectionChosen: true, section: true },
    });
    const calls = stubFetch(wizardRoutes(detail));
    const app = renderApp(wizardPath('sections'));
    const user = userEvent.setup();

    expect(await screen.findByText(applicationMessages.noSections, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location()).toBe(wizardPath('questionnaire')));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
