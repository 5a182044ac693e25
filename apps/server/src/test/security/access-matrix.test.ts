import { desc, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform.ts';
import { csrfHeader, csrfHeaderValue } from '../../platform/security.ts';
import { useTestApp } from '../harness.ts';
import { changedTables, databaseFingerprint } from './fingerprint.ts';
import { buildWorld, callerNames, secretsFor, sessionOf, type CallerName, type World } from './fixtures.ts';
import { accountRows } from './matrix/account.ts';
import { applicationRows } from './matrix/applications.ts';
import { attendanceRows } from './matrix/attendance.ts';
import { commerceRows } from './matrix/commerce.ts';
import { contentRows } from './matrix/content.ts';
import { crossedCells } from './matrix/crossed.ts';
import { exportRows } from './matrix/exports.ts';
import { organizationRows } from './matrix/organizations.ts';
import { packageRows } from './matrix/packages.ts';
import { purchaseOrderRows } from './matrix/purchase-orders.ts';
import { registrationRequestRows } from './matrix/registration-requests.ts';
import { resourceRows } from './matrix/resources.ts';
import { anyone, matrixCoverage, type CellInput, type Row, type Rows } from './matrix/rows.ts';
import { staffPackageRows } from './matrix/staff-packages.ts';
import { staffRows } from './matrix/staff.ts';
import { staffDashboardRows } from './matrix/staff-dashboard.ts';
import { staffMessageReportRows } from './matrix/staff-messages-reports.ts';
import { ticketTransferRows } from './matrix/ticket-transfers.ts';
import { toolkitRows } from './matrix/toolkit.ts';
import { webhookRows } from './matrix/webhooks.ts';
import { signInProviderRows } from './matrix/sign-in-providers.ts';
import { learningAndListRows } from './matrix/learning-and-lists.ts';
import { refundRows } from './matrix/refunds.ts';
import { invoiceRows } from './matrix/invoices.ts';
import { districtFundRows } from './matrix/district-funds.ts';
import { quoteRows } from './matrix/quotes.ts';

/**
 * The role × route × ownership matrix (issue 10): every route of the server's route table has a row,
 * and every cell (nine callers) asserts the status. A route added without a row fails the first test,
 * naming it. Refusals of changing routes must leave every table as it was.
 */

const t = useTestApp();
const rows: Rows = {
  ...accountRows,
  ...organizationRows,
  ...commerceRows,
  ...applicationRows,
  ...staffRows,
  ...resourceRows,
  ...registrationRequestRows,
  ...attendanceRows,
  ...toolkitRows,
  ...ticketTransferRows,
  ...packageRows,
  ...staffPackageRows,
  ...purchaseOrderRows,
  ...contentRows,
  ...staffDashboardRows,
  ...staffMessageReportRows,
  ...exportRows,
  ...webhookRows,
  ...signInProviderRows,
  ...learningAndListRows,
  ...refundRows,
  ...invoiceRows,
  ...districtFundRows,
  ...quoteRows,
};

const readOnly = new Set(['GET', 'HEAD']);

function urlOf(path: string, input: CellInput): string {
  const params = input.params ?? {};
  const filled = path
    .replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${path}: no value for :${name}`);
      return encodeURIComponent(value);
    })
    .replace('*', params['*'] ?? '');
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  return filled + query;
}

interface Cell {
  who: CallerName;
  input: CellInput;
  cookie: string | undefined;
  address: string;
}

let cells = 0;
/**
 * The cell's objects and session, made before the request (and before a fingerprint is taken). Each
 * cell comes from its own address: the per-address rate limits count in real time and would turn
 * later cells into 429s; those limits have their own tests beside their features.
 */
async function prepare(w: World, row: Row, who: CallerName): Promise<Cell> {
  const input = (await row.input?.(w, who)) ?? {};
  cells += 1;
  const address = `10.${(cells >> 16) & 255}.${(cells >> 8) & 255}.${cells & 255}`;
  return { who, input, cookie: (await sessionOf(w, who)).cookie, address };
}

function send(method: string, path: string, cell: Cell) {
  return t.app.inject({
    method: method as 'GET',
    url: urlOf(path, cell.input),
    remoteAddress: cell.address,
    headers: {
      ...(readOnly.has(method) ? {} : { [csrfHeader]: csrfHeaderValue }),
      ...(cell.cookie ? { cookie: cell.cookie } : {}),
      ...cell.input.headers,
    },
    ...(cell.input.body === undefined ? {} : { payload: cell.input.body as string }),
  });
}

async function lastAuditId(): Promise<number> {
  const [last] = await t.deps.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return last?.id ?? 0;
}

let w: World;
beforeAll(async () => {
  w = await buildWorld(t);
});

describe('access matrix', () => {
  it('has exactly one row per route of the route table', () => {
    const { missing, stale } = matrixCoverage(
      t.app.registeredRoutes.filter((r) => r.url.startsWith('/api')).map((r) => `${r.method} ${r.url}`),
      rows,
    );
    expect(missing, 'routes without a row in apps/server/src/security/matrix/').toEqual([]);
    expect(stale, 'rows naming no route').toEqual([]);
    // A route anyone may call says why it is public by design.
    const publicWithoutReason = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api') && r.access !== 'signedIn' && r.access !== 'staff')
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => rows[key] !== undefined && !rows[key]?.why);
    expect(publicWithoutReason, 'public routes whose row does not say why').toEqual([]);
  });

  it('names a route added without a row, and a row left behind by a removed route', () => {
    const routeKeys = [
      ...Object.keys(rows),
      'HEAD /api/health',
      'POST /api/new-thing',
      'GET /api/new-list',
      'HEAD /api/new-list',
    ];
    const { 'DELETE /api/cart/coupon': _removed, ...withoutOne } = rows;
    expect(matrixCoverage(routeKeys, rows)).toEqual({
      missing: ['POST /api/new-thing', 'GET /api/new-list', 'HEAD /api/new-list'],
      stale: [],
    });
    expect(matrixCoverage(Object.keys(withoutOne), rows).stale).toEqual(['DELETE /api/cart/coupon']);
  });

  it('answers every caller of every route with the status its row expects, and refusals write nothing', async () => {
    const routes = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const mismatches: string[] = [];
    for (const [key, row] of Object.entries(rows).sort(([a], [b]) => a.localeCompare(b))) {
      const [method = '', path = ''] = key.split(' ');
      const methods = method === 'GET' && routes.has(`HEAD ${path}`) ? ['GET', 'HEAD'] : [method];
      const check = async (cell: Cell) => {
        for (const m of methods) {
          const response = await send(m, path, cell);
          const expected = row.expect[cell.who];
          if (response.statusCode !== expected)
            mismatches.push(
              `${m} ${path} as ${cell.who}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          if (!row.mayShowAnything) {
            for (const [what, secret] of Object.entries(secretsFor(w, cell.who))) {
              if (response.body.includes(secret))
                mismatches.push(`${m} ${path} as ${cell.who}: the answer shows ${what}`);
            }
          }
        }
      };
      // Refusals first, on the shared objects, between two fingerprints of the database.
      const refused: Cell[] = [];
      for (const who of callerNames.filter((name) => row.expect[name] >= 400)) refused.push(await prepare(w, row, who));
      const before = readOnly.has(method) ? '' : await databaseFingerprint(t.deps.db);
      for (const cell of refused) await check(cell);
      if (!readOnly.has(method)) {
        const changed = changedTables(before, await databaseFingerprint(t.deps.db));
        if (changed.length > 0) mismatches.push(`${key}: a refusal changed ${changed.join(', ')}`);
      }
      // Then the allowed cells, each on the objects made for it: allowed means the real success status.
      for (const who of callerNames.filter((name) => row.expect[name] < 400)) {
        const cell = await prepare(w, row, who);
        const lastAudit = who === 'staffAsMember' ? await lastAuditId() : 0;
        await check(cell);
        if (who !== 'staffAsMember') continue;
        // Staff viewing as a member act as the member, and the audit log says it was staff.
        for (const entry of await t.deps.db.select().from(auditLog).where(gt(auditLog.id, lastAudit))) {
          if (entry.actorId === w.schoolA.member.user.id && entry.impersonatorId !== w.staff.id) {
            mismatches.push(
              `${key} as staffAsMember: audit '${entry.action}' does not name the staff member viewing as the member`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 600_000);

  it("refuses, writing nothing, a second object that is not the caller's inside one that is", async () => {
    const mismatches: string[] = [];
    for (const crossed of crossedCells) {
      const [method = '', path = ''] = crossed.route.split(' ');
      expect(rows[crossed.route], `${crossed.route} is a route of the matrix`).toBeDefined();
      const cell = await prepare(w, { input: crossed.input, expect: anyone(crossed.expect) }, crossed.as);
      const before = await databaseFingerprint(t.deps.db);
      const response = await send(method, path, cell);
      const changed = changedTables(before, await databaseFingerprint(t.deps.db));
      if (response.statusCode !== crossed.expect) {
        mismatches.push(
          `${crossed.route} as ${crossed.as}, ${crossed.what}: expected ${crossed.expect}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
      if (changed.length > 0)
        mismatches.push(
          `${crossed.route} as ${crossed.as}, ${crossed.what}: the refusal changed ${changed.join(', ')}`,
        );
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
