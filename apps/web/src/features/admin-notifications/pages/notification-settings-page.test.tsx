import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationSettings, NotificationSettingsReply } from '@portal/domain/staff/notifications.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const path = '/api/admin/notifications/settings';
const atOnce: NotificationSettings = {
  purchaseOrder: 'IMMEDIATE',
  application: 'IMMEDIATE',
  packageRequest: 'IMMEDIATE',
  refundNeeded: 'IMMEDIATE',
};
const reply = (settings: NotificationSettings): NotificationSettingsReply => ({
  settings,
  digestHour: 7,
  timeZone: 'America/New_York',
});

async function openPage() {
  renderApp('/admin/settings/notifications');
  await screen.findByRole('heading', { name: 'Notification settings', level: 1 }, { timeout: 5000 });
}

describe('staff console: notification settings', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('shows each kind with its choice and the digest hour, and saves every kind together', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${path}`]: () => jsonResponse(200, reply(atOnce)),
      [`PUT ${path}`]: (body) => jsonResponse(200, reply(body as NotificationSettings)),
    });
    await openPage();
    expect(await screen.findByText(/The daily digest is sent at 7:00 AM \(America\/New York\)/)).toBeVisible();
    const orders = screen.getByRole('radiogroup', { name: 'New purchase orders' });
    expect(within(orders).getByRole('radio', { name: 'At once' })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.click(within(orders).getByRole('radio', { name: 'Daily digest' }));
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Payments that need a refund' })).getByRole('radio', {
        name: 'Off',
      }),
    );
    await userEvent.click(save);
    expect(await screen.findByText('Notification settings saved')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...atOnce,
      purchaseOrder: 'DIGEST',
      refundNeeded: 'OFF',
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says when the settings cannot be saved, keeping the choice', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${path}`]: () => jsonResponse(200, reply(atOnce)),
      [`PUT ${path}`]: () => problemResponse(400, 'Bad Request', { detail: 'Choose at once, daily digest or off' }),
    });
    await openPage();
    const orders = await screen.findByRole('radiogroup', { name: 'New purchase orders' });
    await userEvent.click(within(orders).getByRole('radio', { name: 'Off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at once, daily digest or off')).toBeVisible();
    expect(within(orders).getByRole('radio', { name: 'Off' })).toBeChecked();
  });
});
