import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';

/** A PEM certificate and its private key. */
export interface TlsFiles {
  cert: string;
  key: string;
}

/**
 * Reads the POS host's certificate and key, generating a self-signed pair for IP 127.0.0.1
 * and DNS localhost (key mode 0600) when either file is missing. Production passes its own
 * files (POS_TLS_CERT_PATH / POS_TLS_KEY_PATH), which are never overwritten.
 */
export async function loadOrCreatePosHostTls(certPath: string, keyPath: string): Promise<TlsFiles> {
  if (fs.existsSync(certPath) && fs.existsSync(keyPath)) {
    return { cert: fs.readFileSync(certPath, 'utf8'), key: fs.readFileSync(keyPath, 'utf8') };
  }
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + 825 * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  fs.mkdirSync(path.dirname(keyPath), { recursive: true });
  fs.mkdirSync(path.dirname(certPath), { recursive: true });
  // The key first: a reader that sees the certificate finds its key already there.
  fs.writeFileSync(keyPath, pems.private, { mode: 0o600 });
  fs.writeFileSync(certPath, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private };
}
