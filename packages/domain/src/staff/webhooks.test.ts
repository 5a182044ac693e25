import { describe, expect, it } from 'vitest';
import {
  isPrivateAddress,
  nextWebhookAttemptAt,
  webhookEndpointInput,
  webhookMessages,
  webhookRetryWindowMs,
  webhookUrlRefusal,
} from './webhooks.ts';

describe('isPrivateAddress', () => {
  it.each([
    ['10.0.0.1', true],
    ['10.255.255.255', true],
    ['172.16.0.1', true],
    ['172.31.255.254', true],
    ['172.15.0.1', false],
    ['172.32.0.1', false],
    ['192.168.1.10', true],
    ['192.169.0.1', false],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['100.64.0.1', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::1', true],
    ['::', true],
    ['fc00::1', true],
    ['fd12:3456:789a::1', true],
    ['fe80::1', true],
    ['febf::1', true],
    ['fec0::1', false],
    ['ff02::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['2606:4700:4700::1111', false],
    ['not an address', true],
    ['1:2:3', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('webhookUrlRefusal', () => {
  it.each([
    ['https://hooks.example.org/portal', true, null],
    ['http://hooks.example.org/portal', true, webhookMessages.urlNotHttps],
    ['https://127.0.0.1/hook', true, webhookMessages.urlPrivate],
    ['https://10.1.2.3/hook', true, webhookMessages.urlPrivate],
    ['https://[::1]/hook', true, webhookMessages.urlPrivate],
    ['https://[fe80::1]/hook', true, webhookMessages.urlPrivate],
    ['https://localhost/hook', true, webhookMessages.urlPrivate],
    ['https://user:pw@hooks.example.org/', true, webhookMessages.urlCredentials],
    ['ftp://hooks.example.org/', true, webhookMessages.urlInvalid],
    ['http://127.0.0.1:4000/hook', false, null],
    ['http://localhost:4000/hook', false, null],
    ['nonsense', false, webhookMessages.urlInvalid],
  ])('%s (production %s)', (url, production, expected) => {
    expect(webhookUrlRefusal(url, production)).toBe(expected);
  });
});

describe('webhookEndpointInput', () => {
  it('trims, deduplicates events and defaults the description', () => {
    expect(
      webhookEndpointInput.parse({ url: ' https://a.example/h ', eventTypes: ['payment.paid', 'payment.paid'] }),
    ).toEqual({ url: 'https://a.example/h', eventTypes: ['payment.paid'], description: '' });
  });
  it.each([
    [{ url: '', eventTypes: ['payment.paid'] }, webhookMessages.urlRequired],
    [{ url: 'example.org', eventTypes: ['payment.paid'] }, webhookMessages.urlInvalid],
    [{ url: 'https://a.example/h', eventTypes: [] }, webhookMessages.eventsRequired],
    [
      { url: 'https://a.example/h', eventTypes: ['payment.paid'], description: 'x'.repeat(501) },
      webhookMessages.descriptionTooLong,
    ],
  ])('refuses %j', (input, message) => {
    const result = webhookEndpointInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('nextWebhookAttemptAt', () => {
  const first = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(first.getTime() + ms);
  it.each([
    [1, 0, 60_000],
    [2, 60_000, 3 * 60_000],
    [3, 3 * 60_000, 7 * 60_000],
    [11, 1023 * 60_000, webhookRetryWindowMs],
  ])('after attempt %i at +%i ms the next is at +%i ms', (attempts, since, next) => {
    expect(nextWebhookAttemptAt(first, attempts, at(since))).toEqual(at(next));
  });
  it('gives up once 24 hours have passed since the first attempt', () => {
    expect(nextWebhookAttemptAt(first, 12, at(webhookRetryWindowMs))).toBeNull();
  });
});
