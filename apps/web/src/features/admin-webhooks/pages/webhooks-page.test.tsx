import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { webhookMessages, type WebhookDeliveryRow, type WebhookEndpointRow } from '@portal/domain/staff/webhooks.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const endpoint: WebhookEndpointRow = {
  id: '00000000-0000-4000-8000-000000000001',
  url: 'https://finance.example.org/hooks',
  description: 'Finance system',
  eventTypes: ['payment.paid'],
  enabled: true,
  createdAt: '2026-11-20T15:00:00.000Z',
  failingDeliveries: 1,
  previousSecretExpiresAt: null,
};

const delivery: WebhookDeliveryRow = {
  id: '00000000-0000-4000-8000-000000000002',
  messageId: 'msg_1',
  eventType: 'payment.paid',
  status: 'FAILED',
  attempts: 11,
  createdAt: '2026-11-20T15:00:00.000Z',
  lastAttemptAt: '2026-11-21T15:00:00.000Z',
  nextAttemptAt: null,
  lastStatusCode: 500,
  lastDurationMs: 42,
  lastResponseExcerpt: 'receiver failed',
  lastError: null,
};

const secret = 'whsec_c2VjcmV0LXNob3duLW9uY2U=';

describe('staff console: webhooks', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('adds an endpoint: the form shows the server’s refusal on the field, then the secret once', async () => {
    let refused = false;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/webhooks': () => jsonResponse(200, { items: [] }),
      'GET /api/admin/webhooks/00000000-0000-4000-8000-000000000001/deliveries': () =>
        jsonResponse(200, { items: [], page: 1, pageSize: 20, total: 0 }),
      'POST /api/admin/webhooks': () => {
        if (!refused) {
          refused = true;
          return problemResponse(400, 'Bad Request', {
            detail: webhookMessages.urlPrivate,
            errors: { url: webhookMessages.urlPrivate },
          });
        }
        return jsonResponse(201, { endpoint, secret });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/webhooks', { mantineEnv: 'test' });
    await screen.findByRole('heading', { name: 'Webhooks', level: 1 }, { timeout: 5000 });
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), endpoint.url);
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(webhookMessages.eventsRequired)).toBeInTheDocument();

    await user.click(within(form).getByRole('checkbox', { name: 'Payment paid' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(webhookMessages.urlPrivate)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(secret);
    // A text area wraps a long secret inside the dialog, where a one-line input cut it at its edge (issue 39).
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' }).tagName).toBe('TEXTAREA');
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(within(shown).getByText(webhookMessages.secretOnce)).toBeInTheDocument();
    expect(within(shown).getByRole('status')).toHaveTextContent(webhookMessages.created);
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      url: endpoint.url,
      description: '',
      eventTypes: ['payment.paid'],
    });
  });

  it('lists deliveries with their last answer, and redelivers one with a toast', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/webhooks': () => jsonResponse(200, { items: [endpoint] }),
      [`GET /api/admin/webhooks/${endpoint.id}/deliveries`]: () =>
        jsonResponse(200, { items: [delivery], page: 1, pageSize: 20, total: 1 }),
      [`POST /api/admin/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`]: () =>
        new Response(null, { status: 202 }),
    });
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    const row = (await screen.findByText(endpoint.url, {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Payment paid')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));

    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const deliveryRow = within(table).getByText('msg_1').closest('tr') as HTMLElement;
    expect(within(deliveryRow).getByText('Failed')).toBeInTheDocument();
    expect(within(deliveryRow).getByText('HTTP 500 in 42 ms')).toBeInTheDocument();
    expect(within(deliveryRow).getByText('receiver failed')).toBeInTheDocument();
    await user.click(within(deliveryRow).getByRole('button', { name: /^Redeliver/ }));
    expect(await screen.findByText(webhookMessages.redelivered)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/redeliver'))).toBe(true);
  });

  it('rotates a secret after confirmation: the new secret once, and until when the old one also signs', async () => {
    const rotatedSecret = 'whsec_bmV3LXNlY3JldC1zaG93bi1vbmNl';
    const rotated = { ...endpoint, previousSecretExpiresAt: '2026-11-21T15:00:00.000Z' };
    let endpoints = [endpoint];
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/webhooks': () => jsonResponse(200, { items: endpoints }),
      [`POST /api/admin/webhooks/${endpoint.id}/rotate-secret`]: () => {
        endpoints = [rotated];
        return jsonResponse(200, { endpoint: rotated, secret: rotatedSecret });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/webhooks', { mantineEnv: 'test' });
    const row = (await screen.findByText(endpoint.url, {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(within(confirm).getByText(webhookMessages.rotateConfirm)).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/rotate-secret'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(rotatedSecret);
    expect(within(shown).getByRole('status')).toHaveTextContent(
      `${webhookMessages.rotated}. ${webhookMessages.overlapUntil('11/21/2026 10:00 AM')}`,
    );
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Old secret also signs until 11/21/2026 10:00 AM')).toBeInTheDocument();
  });
});
