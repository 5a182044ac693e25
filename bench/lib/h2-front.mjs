// An HTTP/2 front over TLS for an app a benchmark started, standing in for the reverse proxy the app is deployed
// behind (deploy/nginx.conf: `listen 443 ssl http2`): a browser then loads the pages as users get them, every
// request of a page on one connection, instead of over HTTP/1.1 from Node directly, where it opens six connections
// and each further request waits a round trip for one of them. The certificate is self-signed, made for the run
// (Debian's openssl): start Chromium with --ignore-certificate-errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './app-server.mjs';

/** Headers of one hop only, which HTTP/2 forbids (RFC 9113 §8.2.2). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-h2-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
  return pair;
}

/**
 * Starts the front on a free loopback port, passing every request to `upstream` (http://127.0.0.1:port) as nginx
 * does (X-Forwarded-Proto https).
 * @param {string} upstream
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startHttp2Front(upstream) {
  const target = new URL(upstream);
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (incoming, outgoing) => {
    const headers = Object.fromEntries(
      Object.entries(incoming.headers).filter(([name]) => !name.startsWith(':') && !hopByHop.has(name)),
    );
    const proxied = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...headers, host: target.host, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        const answerHeaders = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name)),
        );
        outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(proxied);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
