import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, notExists } from 'drizzle-orm';
import { looksLikePdf } from '@portal/domain/commerce/purchase-orders.ts';
import type { StaffContractInput, StaffContractList } from '@portal/domain/packages/admin-contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Upload } from '../../core/purchase-order-upload.ts';
import type { Executor } from '../../db/client.ts';
import { purchaseOrders } from '../../db/schema/commerce.ts';
import { contracts } from '../../db/schema/contracts.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { packageRequests, packages } from '../../db/schema/packages.ts';
import { purchaseOrderContracts } from '../../db/schema/purchase-order-links.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/**
 * The staff console's contracts (issue 13 'Staff console': contracts, signed PDF, total): staff
 * record one for an accepted package request of an organization and upload its signed PDF; the
 * organization's owners and administrators then pick it on the package purchase order form.
 */

const m = staffPackageMessages;
const contractNotFound = () => notFound(m.contractNotFound);
export const signedContractKey = (contractId: string) => `contracts/${contractId}.pdf`;

async function requireOrganization(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound('No such organization.');
  return row;
}

/** The organization's contracts, newest first, each with the purchase order paying it; and its accepted requests. */
export async function listOrganizationContracts(deps: AppDeps, organizationId: string): Promise<StaffContractList> {
  const organization = await requireOrganization(deps.db, organizationId);
  const [rows, accepted] = await Promise.all([
    deps.db
      .select({
        id: contracts.id,
        packageName: contracts.packageName,
        packageRequestId: contracts.packageRequestId,
        total: contracts.totalCents,
        signedPdfKey: contracts.signedPdfKey,
        createdAt: contracts.createdAt,
      })
      .from(contracts)
      .where(eq(contracts.organizationId, organizationId))
      .orderBy(desc(contracts.createdAt), desc(contracts.id))
      .limit(100),
    deps.db
      .select({ id: packageRequests.id, packageName: packages.name })
      .from(packageRequests)
      .innerJoin(packages, eq(packages.id, packageRequests.packageId))
      .where(
        and(
          eq(packageRequests.organizationId, organizationId),
          eq(packageRequests.status, 'ACCEPTED'),
          notExists(
            deps.db
              .select({ id: contracts.id })
              .from(contracts)
              .where(eq(contracts.packageRequestId, packageRequests.id)),
          ),
        ),
      )
      .orderBy(desc(packageRequests.updatedAt)),
  ]);
  const orders =
    rows.length === 0
      ? []
      : await deps.db
          .select({ contractId: purchaseOrderContracts.contractId, status: purchaseOrders.status })
          .from(purchaseOrderContracts)
          .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderContracts.purchaseOrderId))
          .where(
            and(
              inArray(
                purchaseOrderContracts.contractId,
                rows.map((r) => r.id),
              ),
              inArray(purchaseOrders.status, ['SUBMITTED', 'APPROVED']),
            ),
          );
  const orderOf = new Map(orders.map((o) => [o.contractId, o.status]));
  return {
    organization,
    contracts: rows.map(({ signedPdfKey, createdAt, ...row }) => ({
      ...row,
      hasSignedPdf: signedPdfKey !== null,
      purchaseOrderStatus: orderOf.get(row.id) ?? null,
      createdAt: createdAt.toISOString(),
    })),
    acceptedRequests: accepted,
  };
}

/**
 * A contract for an accepted package request of this organization; its package's name is copied, the
 * total typed by staff. One contract per request (docs/decisions/0091-one-contract-per-package-request.md):
 * the request's row is locked while its contracts are counted, so two staff saving at once record one.
 */
export async function createContract(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  input: StaffContractInput,
): Promise<StaffContractList> {
  await deps.db.transaction(async (tx) => {
    await requireOrganization(tx, organizationId);
    const [request] = await tx
      .select({ id: packageRequests.id, packageName: packages.name })
      .from(packageRequests)
      .innerJoin(packages, eq(packages.id, packageRequests.packageId))
      .where(
        and(
          eq(packageRequests.id, input.packageRequestId),
          eq(packageRequests.organizationId, organizationId),
          eq(packageRequests.status, 'ACCEPTED'),
        ),
      )
      .for('update', { of: packageRequests });
    if (!request) throw badRequest(m.contractRequestNotAccepted, { packageRequestId: m.contractRequestNotAccepted });
    const [earlier] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.packageRequestId, request.id))
      .limit(1);
    if (earlier) throw conflict(m.contractExists);
    const id = randomUUID();
    await tx.insert(contracts).values({
      id,
      organizationId,
      packageRequestId: request.id,
      packageName: request.packageName,
      totalCents: input.total,
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'contract.create',
      subjectType: 'contract',
      subjectId: id,
      data: { organizationId, packageRequestId: request.id, totalCents: input.total },
    });
  });
  return listOrganizationContracts(deps, organizationId);
}

async function findContract(db: Executor, contractId: string) {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  return row;
}

/** The signed PDF, checked by content (a renamed file is refused), replacing any earlier one. */
export async function uploadSignedContract(
  deps: AppDeps,
  auth: RequestAuth,
  contractId: string,
  upload: Upload,
): Promise<StaffContractList> {
  const contract = await findContract(deps.db, contractId);
  if (!contract) throw contractNotFound();
  if (!upload.file || !looksLikePdf(upload.file.bytes)) throw badRequest(m.fileRequired, { file: m.fileRequired });
  const key = signedContractKey(contractId);
  await deps.storage.put(key, upload.file.bytes, 'application/pdf');
  await deps.db.transaction(async (tx) => {
    await tx.update(contracts).set({ signedPdfKey: key }).where(eq(contracts.id, contractId));
    await audit(tx, {
      ...actorOf(auth),
      action: 'contract.signedPdf',
      subjectType: 'contract',
      subjectId: contractId,
      data: { fileSize: upload.file?.bytes.length ?? 0 },
    });
  });
  return listOrganizationContracts(deps, contract.organizationId);
}

export async function signedContractFile(deps: AppDeps, contractId: string): Promise<Buffer> {
  const contract = await findContract(deps.db, contractId);
  const bytes = contract?.signedPdfKey ? await deps.storage.get(contract.signedPdfKey) : null;
  if (!bytes) throw contractNotFound();
  return bytes;
}
