import { calendarDateIn, dayEdgeIn, formatMomentWithZone, formatUsDate } from '@portal/domain/dates.ts';
import { staffWorkKindLabels, staffWorkKinds, type StaffWorkKind } from '@portal/domain/staff/notifications.ts';
import type { MailInput } from '../../platform/mail.ts';

const hourMs = 3600_000;

/** The moment a day's digest is due: its hour on that calendar day in the provider's time zone. */
export function digestMoment(day: string, hour: number, timeZone: string): Date {
  return new Date(dayEdgeIn(day, 'start', timeZone).getTime() + hour * hourMs);
}

function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The first digest day whose moment is after `now`: today's if its hour has not come, else tomorrow's. */
export function nextDigestDay(now: Date, hour: number, timeZone: string): string {
  const today = calendarDateIn(now, timeZone);
  return digestMoment(today, hour, timeZone) > now ? today : nextDay(today);
}

export interface DigestItem {
  kind: StaffWorkKind;
  summary: string;
  path: string;
  createdAt: Date;
}

/** One staff member's digest: the new items by kind, oldest first within each, each with its link. */
export function digestMail(input: {
  to: string;
  day: string;
  items: DigestItem[];
  publicUrl: string;
  timeZone: string;
}): MailInput {
  const { items, publicUrl, timeZone } = input;
  const sections = staffWorkKinds.flatMap((kind) => {
    const ofKind = items.filter((item) => item.kind === kind);
    if (ofKind.length === 0) return [];
    return [
      `${staffWorkKindLabels[kind]} (${ofKind.length})`,
      ...ofKind.flatMap((item) => [
        `- ${item.summary}, ${formatMomentWithZone(item.createdAt, timeZone)}`,
        `  ${publicUrl}${item.path}`,
      ]),
      '',
    ];
  });
  const count = items.length === 1 ? '1 new item' : `${items.length} new items`;
  return {
    to: input.to,
    subject: `Staff digest for ${formatUsDate(input.day)}: ${count}`,
    text: [
      `New work since your last digest (${count}):`,
      '',
      ...sections,
      `Choose how you hear of this work: ${publicUrl}/admin/settings/notifications`,
    ].join('\n'),
  };
}
