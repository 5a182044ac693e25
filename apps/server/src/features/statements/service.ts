import {
  balanceWords,
  statementLineKindLabels,
  statementLines,
  type StatementLine,
  type StatementReply,
} from '@portal/domain/commerce/invoices.ts';
import { calendarDateIn, formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  creditsOfInvoices,
  invoiceFile,
  invoiceNotFound,
  organizationInvoices,
  paymentsOfInvoices,
  statementHead,
} from '../../core/invoices.ts';
import { managerRole, organizationNotFound } from '../../core/memberships.ts';
import { moneySheet } from '../../core/receipt-pdf.ts';
import type { Export } from '../../platform/exports.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

const today = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

/**
 * The statement's head, for the organization's active OWNER and ADMINs only; anyone else is told
 * there is no such organization.
 */
async function managedHead(deps: AppDeps, auth: RequestAuth, organizationId: string) {
  await managerRole(deps.db, organizationId, auth.user.id);
  const head = await statementHead(deps.db, organizationId);
  if (!head) throw organizationNotFound();
  return head;
}

/** GET /api/statements/:organizationId: the totals over every invoice, and one page of invoices with their payments. */
export async function getStatement(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  query: { page: number; pageSize: number },
): Promise<StatementReply> {
  const { organizationName, invoiceCount, totals } = await managedHead(deps, auth, organizationId);
  const day = today(deps);
  const items = await organizationInvoices(
    deps.db,
    organizationId,
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    day,
  );
  const invoiceIds = items.map((invoice) => invoice.id);
  const payments = await paymentsOfInvoices(deps.db, invoiceIds);
  const credits = await creditsOfInvoices(deps.db, invoiceIds);
  return {
    organizationId,
    organizationName,
    asOf: day,
    totals,
    invoices: { items, page: query.page, pageSize: query.pageSize, total: invoiceCount },
    payments,
    credits,
  };
}

/** Every invoice, payment and credit applied of the organization, as the statement's lines. */
async function allLines(deps: AppDeps, organizationId: string, day: string): Promise<StatementLine[]> {
  const invoices = await organizationInvoices(deps.db, organizationId, { limit: 100_000, offset: 0 }, day);
  const invoiceIds = invoices.map((invoice) => invoice.id);
  const payments = await paymentsOfInvoices(deps.db, invoiceIds);
  const credits = await creditsOfInvoices(deps.db, invoiceIds);
  return statementLines(invoices, payments, credits, formatCents);
}

/** GET /api/statements/:organizationId/file?format=pdf: the statement of account as a PDF. */
export async function statementPdf(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { organizationName, totals } = await managedHead(deps, auth, organizationId);
  const day = today(deps);
  const lines = await allLines(deps, organizationId, day);
  const { line, gap, amountsRow, totalRow, regular, bold, save } = await moneySheet(
    `Statement of account ${organizationName}`,
    deps.clock(),
    deps.config.seller,
  );
  line('Statement of account', 22, bold);
  line(organizationName, 13, bold);
  line(`As of ${formatUsDate(day)}`);
  gap();
  amountsRow(['Date and description', 'Charges', 'Payments', 'Balance'], bold);
  for (const entry of lines) {
    amountsRow(
      [
        `${formatUsDate(entry.date)} ${entry.description}`,
        entry.chargeCents ? formatCents(entry.chargeCents) : '',
        entry.paymentCents ? formatCents(entry.paymentCents) : '',
        formatCents(entry.balanceCents),
      ],
      regular,
    );
  }
  if (lines.length === 0) line('No invoices yet.');
  gap();
  totalRow('Invoiced', formatCents(totals.invoicedCents));
  totalRow('Paid', formatCents(totals.appliedCents));
  if (totals.creditCents > 0) totalRow('Credit', formatCents(totals.creditCents));
  gap();
  line(balanceWords(totals.balanceCents, formatCents), 13, bold);
  for (const part of deps.config.seller.remittance) line(part, 9);
  return { fileName: `statement-${day}.pdf`, bytes: await save() };
}

/** GET /api/statements/:organizationId/file?format=csv: the same lines, one a row. */
export async function statementCsv(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
): Promise<Export<StatementLine>> {
  await managedHead(deps, auth, organizationId);
  const day = today(deps);
  const lines = await allLines(deps, organizationId, day);
  return {
    baseName: `statement-${day}`,
    title: 'Statement of account',
    format: 'csv',
    rows: (async function* () {
      yield* lines;
    })(),
    columns: [
      { header: 'Date', value: (row) => row.date },
      { header: 'Type', value: (row) => statementLineKindLabels[row.kind] },
      { header: 'Description', value: (row) => row.description },
      { header: 'Charges', value: (row) => row.chargeCents, cents: true },
      { header: 'Payments', value: (row) => row.paymentCents, cents: true },
      { header: 'Balance', value: (row) => row.balanceCents, cents: true },
    ],
  };
}

/** GET /api/statements/:organizationId/invoices/:invoiceId/file: one of the organization's invoices. */
export async function organizationInvoiceFile(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  invoiceId: string,
) {
  await managerRole(deps.db, organizationId, auth.user.id);
  const file = await invoiceFile(deps.db, invoiceId, deps.config, today(deps));
  if (!file || file.invoice.organizationId !== organizationId) throw invoiceNotFound();
  return file;
}
