import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { PurchaseOrderSubmitted } from '@portal/domain/commerce/purchase-orders.ts';
import {
  memberPurchaseOrderMessages,
  packagePurchaseOrderFields,
  type ContractList,
} from '@portal/domain/commerce/member-purchase-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { activeMembershipRole } from '../../core/memberships.ts';
import { linkPurchaseOrderQuote, quoteNamedOnPurchaseOrder } from '../../core/quotes.ts';
import { notifyStaff, purchaseOrderWork } from '../../core/staff-notifications.ts';
import {
  checkUpload,
  purchaseOrderFileKey,
  recordWithFile,
  sendOncePerKey,
  type Upload,
  insertPurchaseOrder,
} from '../../core/purchase-order-upload.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  findOrganizationContract,
  hasLivePurchaseOrder,
  linkPurchaseOrderContract,
  listSignedContracts,
  lockContract,
} from './repository.ts';

/** organizations.md §6: package purchase orders are for organizations the caller owns or administers (else 403, its message shown). */
async function requireManager(db: Executor, organizationId: string, userId: string, message: string): Promise<void> {
  const role = await activeMembershipRole(db, organizationId, userId);
  if (role !== 'OWNER' && role !== 'ADMIN') throw forbidden(message);
}

const signedUrl = (organizationId: string, contractId: string) =>
  `/api/package-purchase-orders/contracts/${contractId}/signed-pdf?organizationId=${organizationId}`;

/** GET /api/package-purchase-orders/contracts?organizationId= (organizations.md §7 'Query contracts by organization'). */
export async function contractsOf(deps: AppDeps, auth: RequestAuth, organizationId: string): Promise<ContractList> {
  await requireManager(deps.db, organizationId, auth.user.id, memberPurchaseOrderMessages.contractsForbidden);
  const rows = await listSignedContracts(deps.db, organizationId);
  return {
    contracts: rows.map((row) => ({
      id: row.id,
      packageName: row.packageName,
      signedUrl: signedUrl(organizationId, row.id),
      total: row.totalCents,
    })),
  };
}

/** The signed contract's PDF, for the organization's owners and administrators. */
export async function signedContract(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  contractId: string,
): Promise<{ bytes: Buffer; filename: string }> {
  await requireManager(deps.db, organizationId, auth.user.id, memberPurchaseOrderMessages.contractsForbidden);
  const contract = await findOrganizationContract(deps.db, organizationId, contractId);
  if (!contract?.signedPdfKey) throw notFound(memberPurchaseOrderMessages.contractNotFound);
  const bytes = await deps.storage.get(contract.signedPdfKey);
  if (!bytes) throw notFound(memberPurchaseOrderMessages.contractNotFound);
  return { bytes, filename: 'signed-contract.pdf' };
}

async function record(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  purchaseOrderId: string,
  fields: z.output<typeof packagePurchaseOrderFields>,
  fileSize: number,
  idempotency: IdempotentRequest,
) {
  await requireManager(tx, fields.organizationId, auth.user.id, memberPurchaseOrderMessages.notManager);
  const contract = await lockContract(tx, fields.organizationId, fields.contractId);
  if (!contract) throw notFound(memberPurchaseOrderMessages.contractNotFound);
  if (contract.signedPdfKey === null) throw conflict(memberPurchaseOrderMessages.contractNotSigned);
  if (await hasLivePurchaseOrder(tx, contract.id)) throw conflict(memberPurchaseOrderMessages.contractHasPurchaseOrder);
  // The quote a package request's review gave (decision 0211's rule: this organization's, not expired; else 400).
  const quoteId = await quoteNamedOnPurchaseOrder(tx, fields.quoteNumber, fields.organizationId, deps.clock());
  await insertPurchaseOrder(tx, {
    id: purchaseOrderId,
    paymentId: null,
    type: 'PACKAGE',
    number: fields.number,
    filename: fields.filename,
    fileKey: purchaseOrderFileKey(purchaseOrderId),
    fileSize,
    contactEmail: fields.contactEmail,
    contactName: fields.contactName,
    contactPhone: fields.contactPhone,
    organizationId: fields.organizationId,
    // What the contract says, never what was typed (kept beside it for staff).
    totalCents: contract.totalCents,
    submittedTotalCents: fields.total,
    submittedById: auth.user.id,
    idempotencyKey: idempotency.key,
    idempotencyFingerprint: idempotency.fingerprint,
  });
  await linkPurchaseOrderContract(tx, purchaseOrderId, contract.id);
  if (quoteId) await linkPurchaseOrderQuote(tx, purchaseOrderId, quoteId);
  await notifyStaff(
    tx,
    deps.config.publicUrl,
    purchaseOrderWork({
      id: purchaseOrderId,
      number: fields.number,
      totalCents: contract.totalCents,
      at: deps.clock(),
    }),
  );
  await audit(tx, {
    ...actorOf(auth),
    action: 'purchaseOrder.submit',
    subjectType: 'purchase_order',
    subjectId: purchaseOrderId,
    data: {
      type: 'PACKAGE',
      contractId: contract.id,
      totalCents: contract.totalCents,
      submittedTotalCents: fields.total,
      quoteId: quoteId ?? null,
      fileSize,
    },
  });
}

/**
 * POST /api/package-purchase-orders: one purchase order per Idempotency-Key, however often the same form is sent;
 * another form with the key is refused (422).
 */
export async function submitPackagePurchaseOrder(
  deps: AppDeps,
  auth: RequestAuth,
  upload: Upload,
  idempotency: IdempotentRequest,
): Promise<PurchaseOrderSubmitted> {
  return sendOncePerKey(deps, auth.user.id, idempotency, 'PACKAGE', async () => {
    const { fields, bytes } = checkUpload(packagePurchaseOrderFields, upload);
    const purchaseOrderId = randomUUID();
    await recordWithFile(deps, purchaseOrderId, bytes, (tx) =>
      record(deps, tx, auth, purchaseOrderId, fields, bytes.length, idempotency),
    );
    return purchaseOrderId;
  });
}
