import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** JWT_SECRET when given; otherwise a secret generated once into DATA_DIR and reused on every start. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) {
    return configured;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      return existing;
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
