import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { purchaseOrders } from '../../db/schema/commerce.ts';
import { contracts } from '../../db/schema/contracts.ts';
import { purchaseOrderContracts } from '../../db/schema/purchase-order-links.ts';

/** Most contracts one organization's list answers: a school signs a few a year. */
const contractListLimit = 100;

/** The organization's signed contracts: only those can be paid (docs/decisions/0091-one-contract-per-package-request.md). */
export async function listSignedContracts(db: Executor, organizationId: string) {
  return db
    .select({
      id: contracts.id,
      packageName: contracts.packageName,
      signedPdfKey: contracts.signedPdfKey,
      totalCents: contracts.totalCents,
    })
    .from(contracts)
    .where(and(eq(contracts.organizationId, organizationId), isNotNull(contracts.signedPdfKey)))
    .orderBy(desc(contracts.createdAt), desc(contracts.id))
    .limit(contractListLimit);
}

export async function findOrganizationContract(db: Executor, organizationId: string, contractId: string) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.organizationId, organizationId)));
  return row;
}

/** The contract's row locked until the transaction ends: two purchase orders for one contract are sent one after the other. */
export async function lockContract(db: Executor, organizationId: string, contractId: string) {
  const [row] = await db
    .select({
      id: contracts.id,
      totalCents: contracts.totalCents,
      packageName: contracts.packageName,
      signedPdfKey: contracts.signedPdfKey,
    })
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.organizationId, organizationId)))
    .for('update');
  return row;
}

/** A purchase order for the contract under review or approved: a contract is paid once. */
export async function hasLivePurchaseOrder(db: Executor, contractId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrderContracts)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderContracts.purchaseOrderId))
    .where(
      and(eq(purchaseOrderContracts.contractId, contractId), inArray(purchaseOrders.status, ['SUBMITTED', 'APPROVED'])),
    )
    .limit(1);
  return row !== undefined;
}

/** Ties a package purchase order to the contract it pays, which hasLivePurchaseOrder then finds. */
export async function linkPurchaseOrderContract(db: Executor, purchaseOrderId: string, contractId: string) {
  await db.insert(purchaseOrderContracts).values({ purchaseOrderId, contractId });
}
