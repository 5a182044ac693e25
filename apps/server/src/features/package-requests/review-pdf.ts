import type { PDFFont } from 'pdf-lib';
import { formatMomentWithZone } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { packageStatusLabels } from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { printable } from '../../core/certificates.ts';

const range = (low: number, high: number) =>
  low === high ? formatCents(low) : `${formatCents(low)} - ${formatCents(high)}`;

/**
 * package-review.pdf (§2 Review, §7): the review screen on paper — every selection with its cost,
 * the totals as a range and the estimate notice — drawn with pdf-lib, the certificates' library.
 */
export async function packageReviewPdf(detail: PackageRequestDetail, now: Date, timeZone: string): Promise<Uint8Array> {
  // pdf-lib is loaded by the first PDF made, not at start-up (docs/decisions/0144-start-in-a-second.md).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Package review: ${detail.package.name}`);
  doc.setProducer('Members Portal');
  doc.setCreationDate(now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  let y = 730;
  const line = (text: string, size = 11, font: PDFFont = regular) => {
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
    page.drawText(printable(font, text), { x: 56, y, size, font, color: rgb(0.1, 0.1, 0.15), maxWidth: 500 });
    y -= size + 7;
  };
  const gap = () => {
    y -= 8;
  };
  const { totals } = detail;
  line('Package Review', 20, bold);
  line(detail.package.name, 14, bold);
  line(`${detail.organization.name} - school year ${detail.package.schoolYear.name}`);
  line(`Status: ${packageStatusLabels[detail.status]}; printed ${formatMomentWithZone(now, timeZone)}`, 10);
  gap();
  if (totals.pdSessions.some((s) => s.days > 0)) {
    line('School-based PD sessions', 13, bold);
    for (const s of totals.pdSessions.filter((s) => s.days > 0))
      line(
        `${s.name}: ${s.days} ${s.days === 1 ? 'day' : 'days'}, ${formatCents(s.cost)}; travel ${range(s.travelLow, s.travelHigh)}`,
      );
    gap();
  }
  if (totals.events.some((e) => e.participants > 0)) {
    line('Events', 13, bold);
    for (const e of totals.events.filter((e) => e.participants > 0))
      line(`${e.name}: ${e.participants} participants, ${formatCents(e.cost)}`);
    gap();
  }
  if (totals.groups.some((g) => g.participants > 0)) {
    line('Groups', 13, bold);
    for (const g of totals.groups.filter((g) => g.participants > 0)) {
      line(
        `${g.name}: ${g.participants} participants${g.freeSeats > 0 ? ` (${g.freeSeats} free)` : ''}, ${formatCents(g.cost)}`,
      );
      for (const s of g.sections.filter((s) => s.participants > 0)) line(`   ${s.title}: ${s.participants}`, 10);
    }
    gap();
  }
  if (totals.institutes.some((i) => i.participants > 0)) {
    line('Institutes', 13, bold);
    for (const i of totals.institutes.filter((i) => i.participants > 0))
      line(`${i.name}: ${i.participants} participants, ${formatCents(i.cost)}`);
    gap();
  }
  line(`Package total: ${range(totals.total.low, totals.total.high)}`, 14, bold);
  line(`Package minimum: ${formatCents(totals.minimumAmount)}`);
  line('Page counts and travel costs are estimates; travel is billed at actual cost.', 9);
  return doc.save();
}
