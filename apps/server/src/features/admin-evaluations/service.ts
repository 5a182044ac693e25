import { isDeepStrictEqual } from 'node:util';
import {
  defaultEvaluationForm,
  defaultEvaluationSettings,
  evaluationMessages,
  summarizeResponses,
  type Answers,
  type EvaluationInput,
  type EvaluationResults,
  type EvaluationSummary,
  type StaffEvaluation,
} from '@portal/domain/events/evaluations.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { findEventEvaluation } from '../../core/evaluations.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { keysetRows, type Export, type ExportColumn } from '../../platform/exports.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import * as repository from './repository.ts';

const noEvent = () => notFound('No such event.');

/** GET /api/admin/evaluations/:eventId: the event's evaluation, or the default template for one not built yet. */
export async function getEvaluation(deps: AppDeps, eventId: string): Promise<StaffEvaluation & { exists: boolean }> {
  const event = await repository.findEvaluatedEvent(deps.db, eventId);
  if (!event) throw noEvent();
  const evaluation = await findEventEvaluation(deps.db, eventId);
  const responses = await repository.countResponses(deps.db, eventId);
  const settings = evaluation ?? { ...defaultEvaluationSettings, questions: defaultEvaluationForm };
  return {
    eventId,
    exists: evaluation !== null,
    questions: settings.questions,
    askWhen: settings.askWhen,
    requiredForCertificate: settings.requiredForCertificate,
    anonymous: settings.anonymous,
    facilitators: settings.facilitators,
    responses,
    sections: event.sections,
  };
}

/**
 * PUT /api/admin/evaluations/:eventId. Once answers came in, the questions and anonymity stay as they
 * were answered (409): changed questions would misread the answers, and named answers cannot become
 * anonymous nor the reverse. When attendees are asked and whether the certificate waits may change.
 */
export async function saveEvaluation(deps: AppDeps, auth: RequestAuth, eventId: string, input: EvaluationInput) {
  const event = await repository.findEvaluatedEvent(deps.db, eventId);
  if (!event) throw noEvent();
  const sectionIds = new Set(event.sections.map((section) => section.id));
  const facilitators = Object.fromEntries(
    Object.entries(input.facilitators).filter(([sectionId, name]) => sectionIds.has(sectionId) && name !== ''),
  );
  await deps.db.transaction(async (tx) => {
    const current = await findEventEvaluation(tx, eventId);
    const responses = await repository.countResponses(tx, eventId);
    if (
      current &&
      responses > 0 &&
      (!isDeepStrictEqual(current.questions, input.questions) || current.anonymous !== input.anonymous)
    )
      throw conflict(evaluationMessages.formLocked);
    await repository.upsertEvaluation(tx, eventId, { ...input, facilitators }, auth.user.id);
    await audit(tx, {
      ...actorOf(auth),
      action: 'evaluation.saved',
      subjectType: 'event',
      subjectId: eventId,
      data: {
        questions: input.questions.length,
        askWhen: input.askWhen,
        requiredForCertificate: input.requiredForCertificate,
        anonymous: input.anonymous,
      },
    });
  });
  return getEvaluation(deps, eventId);
}

/**
 * GET /api/admin/evaluations/:eventId/results: the whole event, then each section and each facilitator
 * (the sections they led together). Only answers are read, never a person, so a report of an anonymous
 * evaluation has nothing to name anyone with.
 */
export async function results(deps: AppDeps, eventId: string): Promise<EvaluationResults> {
  const event = await repository.findEvaluatedEvent(deps.db, eventId);
  if (!event) throw noEvent();
  const evaluation = await findEventEvaluation(deps.db, eventId);
  if (!evaluation) throw notFound(evaluationMessages.noEvaluation);
  const responses = await repository.responseAnswers(deps.db, eventId);
  const asked = await repository.askedPerSection(deps.db, eventId);
  const summaryOf = (sectionIds: ReadonlySet<string | null> | null): EvaluationSummary =>
    summarizeResponses(
      evaluation.questions,
      responses.filter((row) => sectionIds === null || sectionIds.has(row.sectionId)).map((row) => row.answers),
      asked
        .filter((row) => sectionIds === null || sectionIds.has(row.sectionId))
        .reduce((sum, row) => sum + row.asked, 0),
    );
  const bySection = event.sections
    .filter((section) => asked.some((row) => row.sectionId === section.id))
    .map((section) => ({ by: 'SECTION' as const, name: section.title, summary: summaryOf(new Set([section.id])) }));
  const facilitatorNames = [...new Set(Object.values(evaluation.facilitators))].sort();
  const byFacilitator = facilitatorNames.map((name) => ({
    by: 'FACILITATOR' as const,
    name,
    summary: summaryOf(
      new Set(
        Object.entries(evaluation.facilitators)
          .filter(([, who]) => who === name)
          .map(([sectionId]) => sectionId),
      ),
    ),
  }));
  return {
    eventId,
    eventName: event.name,
    anonymous: evaluation.anonymous,
    overall: summaryOf(null),
    groups: [...bySection, ...byFacilitator],
  };
}

function answerCell(value: Answers[string] | undefined): string | number | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join('; ') : value;
}

/**
 * GET /api/admin/evaluations/:eventId/results/export: one row per response. An anonymous evaluation's
 * file has no name or email column at all; a named one's has them.
 */
export async function exportResponses(
  deps: AppDeps,
  eventId: string,
  format: ExportFormat,
): Promise<Export<repository.ExportedResponse>> {
  const event = await repository.findEvaluatedEvent(deps.db, eventId);
  if (!event) throw noEvent();
  const evaluation = await findEventEvaluation(deps.db, eventId);
  if (!evaluation) throw notFound(evaluationMessages.noEvaluation);
  type Row = repository.ExportedResponse;
  const people: ExportColumn<Row>[] = evaluation.anonymous
    ? []
    : [
        { header: 'Name', value: (row) => row.name },
        { header: 'Email', value: (row) => row.email },
      ];
  const columns: ExportColumn<Row>[] = [
    ...people,
    { header: 'Occasion', value: (row) => row.occasion },
    { header: 'Section', value: (row) => row.sectionTitle },
    {
      header: 'Facilitator',
      value: (row) => (row.sectionId ? (evaluation.facilitators[row.sectionId] ?? null) : null),
    },
    { header: 'Submitted on', value: (row) => row.submittedOn },
    ...evaluation.questions.map((question): ExportColumn<Row> => ({
      header: question.prompt,
      value: (row) => answerCell(row.answers[question.id]),
    })),
  ];
  return {
    baseName: `evaluation-${eventId}`,
    title: 'Evaluation responses',
    format,
    columns,
    rows: keysetRows((after, limit) => repository.exportPage(deps.db, eventId, after, limit)),
  };
}
