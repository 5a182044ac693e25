import { z } from 'zod';
import { addDays, formatUsDate } from '../dates.ts';
import { awaitingEvaluationText } from './certificates.ts';

/**
 * Evaluations that release credit (issue 40): staff build a form per event, each attendee is asked
 * after an attended day or once at the end, and the certificate may wait until she has answered
 * (docs/decisions/0175-evaluations.md).
 */

export const evaluationMessages = {
  saved: 'Evaluation saved',
  submitted: 'Thank you: your evaluation was sent',
  draftSaved: 'Saved as you go',
  required: 'Answer this question',
  notAnOption: 'Choose one of the options',
  notOnScale: 'Choose a point on the scale',
  tooLong: 'Keep the answer under 2,000 characters',
  unknownQuestion: 'The answers name a question the form does not have.',
  notAsked: 'There is no evaluation for you to answer here.',
  alreadyAnswered: 'You have already answered this evaluation.',
  noEvaluation: 'This event has no evaluation.',
  formLocked: 'Answers have come in: the questions and anonymity can no longer change.',
  completeToReceive: awaitingEvaluationText,
  noResponses: 'No responses yet',
  duplicateIds: 'Two questions share an id.',
  duplicateOptions: 'Two options are the same.',
  linkInvalid: 'This evaluation link is not valid or has expired. Sign in to find your evaluation under Manage Events.',
} as const;

export const questionKinds = ['RATING', 'AGREEMENT', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'FREE_TEXT'] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const questionKindLabels: Record<QuestionKind, string> = {
  RATING: 'Rating scale (1–5)',
  AGREEMENT: 'Agree / disagree statement',
  SINGLE_CHOICE: 'Single choice',
  MULTIPLE_CHOICE: 'Multiple choice',
  FREE_TEXT: 'Free text',
};

/** Every scale has five points, so an event's average reads the same across questions and events. */
export const scalePoints = 5;
export const ratingLabels = ['1 Poor', '2 Fair', '3 Good', '4 Very good', '5 Excellent'] as const;
export const agreementLabels = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'] as const;

export const freeTextMax = 2000;

const questionBase = {
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'A question id is 1–40 lowercase letters, digits or dashes'),
  prompt: z.string().trim().min(1, 'Write the question').max(300),
  required: z.boolean(),
};

const options = z
  .array(z.string().trim().min(1, 'Name the option').max(120))
  .min(2, 'Give at least two options')
  .max(12)
  .refine((list) => new Set(list).size === list.length, evaluationMessages.duplicateOptions);

export const evaluationQuestion = z.discriminatedUnion('kind', [
  z.object({ ...questionBase, kind: z.literal('RATING') }),
  z.object({ ...questionBase, kind: z.literal('AGREEMENT') }),
  z.object({ ...questionBase, kind: z.literal('SINGLE_CHOICE'), options }),
  z.object({ ...questionBase, kind: z.literal('MULTIPLE_CHOICE'), options }),
  z.object({ ...questionBase, kind: z.literal('FREE_TEXT') }),
]);
export type EvaluationQuestion = z.infer<typeof evaluationQuestion>;

/** A form: its questions in the order they are asked. */
export const evaluationForm = z
  .array(evaluationQuestion)
  .min(1, 'Add at least one question')
  .max(40)
  .refine((list) => new Set(list.map((q) => q.id)).size === list.length, evaluationMessages.duplicateIds);
export type EvaluationForm = z.infer<typeof evaluationForm>;

export const askWhens = ['EACH_DAY', 'END'] as const;
export type AskWhen = (typeof askWhens)[number];
export const askWhenLabels: Record<AskWhen, string> = {
  EACH_DAY: 'After each attended day',
  END: 'Once at the end of the event',
};

/** The occasion of an evaluation asked once: the day-by-day ones are named by their date (YYYY-MM-DD). */
export const endOccasion = 'END';
export const occasion = z.union([z.literal(endOccasion), z.iso.date()]);

export const evaluationSettings = z.object({
  askWhen: z.enum(askWhens, 'Choose when attendees are asked'),
  requiredForCertificate: z.boolean(),
  anonymous: z.boolean(),
  /** Who led each section, by section id: results are read per facilitator too. */
  facilitators: z.record(z.uuid(), z.string().trim().max(120)),
});
export type EvaluationSettings = z.infer<typeof evaluationSettings>;

export const evaluationInput = evaluationSettings.extend({ questions: evaluationForm });
export type EvaluationInput = z.infer<typeof evaluationInput>;

export const staffEvaluation = evaluationInput.extend({
  eventId: z.uuid(),
  responses: z.number(),
  sections: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type StaffEvaluation = z.infer<typeof staffEvaluation>;

/** The provider's default form: what PD providers report on. */
export const defaultEvaluationForm: EvaluationForm = [
  { id: 'relevance', kind: 'RATING', prompt: 'How relevant was this day to your work?', required: true },
  {
    id: 'apply',
    kind: 'FREE_TEXT',
    prompt: 'What do you intend to apply in your classroom or school?',
    required: true,
  },
  {
    id: 'facilitator',
    kind: 'AGREEMENT',
    prompt: 'The facilitator was knowledgeable and well prepared.',
    required: true,
  },
  { id: 'organization', kind: 'AGREEMENT', prompt: 'The day was well organized.', required: true },
  { id: 'comment', kind: 'FREE_TEXT', prompt: 'Any other comment?', required: false },
];

export const defaultEvaluationSettings: EvaluationSettings = {
  askWhen: 'END',
  requiredForCertificate: false,
  anonymous: false,
  facilitators: {},
};

export const answerValue = z.union([z.number(), z.string(), z.array(z.string())]);
export const answers = z.record(z.string(), answerValue);
export type Answers = z.infer<typeof answers>;

export type AnswerCheck =
  { ok: true; answers: Answers } | { ok: false; errors: Record<string, string>; unknown: boolean };

const onScale = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= scalePoints;

/**
 * Checks answers against the form. A draft (`complete` false) may leave any question open; a
 * submission must answer every required one. Blank text and empty choices count as not answered and
 * are dropped, so what is kept holds only real answers.
 */
export function checkAnswers(form: EvaluationForm, given: Answers, complete: boolean): AnswerCheck {
  const byId = new Map(form.map((question) => [question.id, question]));
  if (Object.keys(given).some((id) => !byId.has(id))) return { ok: false, errors: {}, unknown: true };
  const errors: Record<string, string> = {};
  const kept: Answers = {};
  for (const question of form) {
    const value = given[question.id];
    const blank =
      value === undefined ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && value.length === 0);
    if (blank) {
      if (complete && question.required) errors[question.id] = evaluationMessages.required;
      continue;
    }
    const problem = answerProblem(question, value);
    if (problem) errors[question.id] = problem;
    else kept[question.id] = typeof value === 'string' ? value.trim() : value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors, unknown: false } : { ok: true, answers: kept };
}

function answerProblem(question: EvaluationQuestion, value: Answers[string]): string | null {
  switch (question.kind) {
    case 'RATING':
    case 'AGREEMENT':
      return onScale(value) ? null : evaluationMessages.notOnScale;
    case 'SINGLE_CHOICE':
      return typeof value === 'string' && question.options.includes(value) ? null : evaluationMessages.notAnOption;
    case 'MULTIPLE_CHOICE':
      return Array.isArray(value) &&
        new Set(value).size === value.length &&
        value.every((option) => question.options.includes(option))
        ? null
        : evaluationMessages.notAnOption;
    case 'FREE_TEXT':
      if (typeof value !== 'string') return evaluationMessages.tooLong;
      return value.trim().length <= freeTextMax ? null : evaluationMessages.tooLong;
  }
}

export interface OccasionFacts {
  askWhen: AskWhen;
  /** The days the person was marked present, any order. */
  attendedDates: readonly string[];
  /** The event's last day (its sections' last date). */
  lastDay: string;
  /** Today in the provider's time zone. */
  today: string;
}

/** The occasions a person is asked about: each attended day, or the end once she attended and the event ended. */
export function askedOccasions(facts: OccasionFacts): string[] {
  const days = [...new Set(facts.attendedDates)].sort();
  if (facts.askWhen === 'EACH_DAY') return days.filter((day) => day <= facts.today);
  return days.length > 0 && facts.today >= facts.lastDay ? [endOccasion] : [];
}

/** The occasion a save of marks for `date` asks about, or null when it asks nothing yet. */
export function occasionOfMarkDay(askWhen: AskWhen, date: string, lastDay: string): string | null {
  if (askWhen === 'EACH_DAY') return date;
  return date >= lastDay ? endOccasion : null;
}

export interface ReleaseFacts {
  /** Null when the event has no evaluation. */
  evaluation: { askWhen: AskWhen; requiredForCertificate: boolean } | null;
  attendedDates: readonly string[];
  submittedOccasions: readonly string[];
}

/**
 * Whether the certificate is released: always, unless the event's evaluation is required for it; then
 * once every occasion she attended is answered (each attended day, or the end).
 */
export function certificateReleased(facts: ReleaseFacts): boolean {
  if (!facts.evaluation?.requiredForCertificate) return true;
  const submitted = new Set(facts.submittedOccasions);
  if (facts.evaluation.askWhen === 'END') return submitted.has(endOccasion);
  const days = new Set(facts.attendedDates);
  return days.size > 0 && [...days].every((day) => submitted.has(day));
}

export const distributionRow = z.object({ label: z.string(), count: z.number(), percent: z.number() });
export type DistributionRow = z.infer<typeof distributionRow>;

export const questionResult = z.object({
  id: z.string(),
  kind: z.enum(questionKinds),
  prompt: z.string(),
  answered: z.number(),
  /** The mean on the five-point scale, for rating and agreement questions with answers. */
  average: z.number().nullable(),
  distribution: z.array(distributionRow),
  texts: z.array(z.string()),
});
export type QuestionResult = z.infer<typeof questionResult>;

export const evaluationSummary = z.object({
  responses: z.number(),
  asked: z.number(),
  /** Percent of those asked who answered, rounded; null when no one was asked. */
  responseRate: z.number().nullable(),
  /** The mean of every scale answer, two decimals; null without any. */
  average: z.number().nullable(),
  questions: z.array(questionResult),
});
export type EvaluationSummary = z.infer<typeof evaluationSummary>;

const percentOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 100));
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

function scaleLabels(question: EvaluationQuestion): readonly string[] {
  if (question.kind === 'RATING') return ratingLabels;
  if (question.kind === 'AGREEMENT') return agreementLabels;
  if (question.kind === 'SINGLE_CHOICE' || question.kind === 'MULTIPLE_CHOICE') return question.options;
  return [];
}

/**
 * Results of a form from its responses: the response rate, and per question how many answered, the
 * distribution over its points or options (a multiple-choice question's percents are of those who
 * answered it, so they may add up past 100), the scale average and the free-text answers.
 */
export function summarizeResponses(
  form: EvaluationForm,
  responses: readonly Answers[],
  asked: number,
): EvaluationSummary {
  let scaleSum = 0;
  let scaleCount = 0;
  const questions = form.map((question): QuestionResult => {
    const values = responses.map((response) => response[question.id]).filter((value) => value !== undefined);
    const labels = scaleLabels(question);
    const counts = labels.map(() => 0);
    const count = (index: number) => {
      if (index >= 0 && index < counts.length) counts[index] = (counts[index] ?? 0) + 1;
    };
    const texts: string[] = [];
    let sum = 0;
    for (const value of values) {
      if (typeof value === 'number') {
        count(value - 1);
        sum += value;
      } else if (typeof value === 'string') {
        if (question.kind === 'FREE_TEXT') texts.push(value);
        else count(labels.indexOf(value));
      } else {
        for (const option of value) count(labels.indexOf(option));
      }
    }
    const scale = question.kind === 'RATING' || question.kind === 'AGREEMENT';
    if (scale) {
      scaleSum += sum;
      scaleCount += values.length;
    }
    return {
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      answered: values.length,
      average: scale && values.length > 0 ? twoDecimals(sum / values.length) : null,
      distribution: labels.map((label, index) => ({
        label,
        count: counts[index] ?? 0,
        percent: percentOf(counts[index] ?? 0, values.length),
      })),
      texts,
    };
  });
  return {
    responses: responses.length,
    asked,
    responseRate: asked === 0 ? null : percentOf(responses.length, asked),
    average: scaleCount === 0 ? null : twoDecimals(scaleSum / scaleCount),
    questions,
  };
}

export const evaluationResults = z.object({
  eventId: z.uuid(),
  eventName: z.string(),
  anonymous: z.boolean(),
  overall: evaluationSummary,
  groups: z.array(z.object({ by: z.enum(['SECTION', 'FACILITATOR']), name: z.string(), summary: evaluationSummary })),
});
export type EvaluationResults = z.infer<typeof evaluationResults>;

/** What a member sees of one evaluation she is asked: the form, her draft and whether it is done. */
export const myEvaluation = z.object({
  eventId: z.uuid(),
  eventName: z.string(),
  occasion,
  anonymous: z.boolean(),
  requiredForCertificate: z.boolean(),
  questions: evaluationForm,
  draft: answers,
  submitted: z.boolean(),
});
export type MyEvaluation = z.infer<typeof myEvaluation>;

export const myEvaluations = z.object({ items: z.array(myEvaluation) });

/** The member's page for one occasion's evaluation: Manage Events' button (the mail links its signed page). */
export const evaluationPagePath = (eventId: string, occasion: string) => `/members/evaluations/${eventId}/${occasion}`;

/** How many days the mail's signed link opens her form (docs/decisions/0219-signed-evaluation-links.md). */
export const evaluationLinkDays = 60;

/** The mail's one-click page: the form of one person's occasion, opened by its signed link without signing in. */
export const evaluationLinkPath = (token: string) => `/members/evaluate/${token}`;

/** A link's token as the route takes it; whether it is one the server signed is checked after. */
export const evaluationLinkToken = z
  .string()
  .min(1, evaluationMessages.linkInvalid)
  .max(200, evaluationMessages.linkInvalid)
  .regex(/^[A-Za-z0-9_.-]+$/, evaluationMessages.linkInvalid);

/** The last day a link signed on `signedOn` opens the form. */
export const evaluationLinkExpiresOn = (signedOn: string) => addDays(signedOn, evaluationLinkDays);

/** Whether a link that runs to `expiresOn` (inclusive) still opens the form `today`. */
export const evaluationLinkOpen = (expiresOn: string, today: string) => today <= expiresOn;

/** The occasion as the member reads it. */
export function occasionLabel(value: string): string {
  return value === endOccasion ? 'The whole event' : formatUsDate(value);
}
