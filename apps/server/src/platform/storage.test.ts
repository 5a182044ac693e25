import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localStorage } from './storage.ts';

describe('local file storage', () => {
  const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'portal-storage-')));

  it('stores, reads back and removes a file', async () => {
    const body = Buffer.from('%PDF-1.7 test');
    await storage.put('purchase-orders/abc/po.pdf', body, 'application/pdf');
    expect(await storage.get('purchase-orders/abc/po.pdf')).toEqual(body);
    await storage.remove('purchase-orders/abc/po.pdf');
    expect(await storage.get('purchase-orders/abc/po.pdf')).toBeNull();
  });

  it.each(['../secret', 'a/../../b', '/etc/passwd', 'a//b', ''])('refuses the unsafe key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Unsafe storage key');
  });
});
