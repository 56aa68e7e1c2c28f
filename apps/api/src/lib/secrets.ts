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

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const HOW_TO = 'genera uno con: openssl rand -hex 32';

/**
 * Why JWT_SECRET is not good enough for production, or null: it must be at least 256 random bits,
 * written as hex (64 or more characters) or base64 (44 or more, 43 unpadded: 32 bytes or more), and
 * not obviously made up (one character, a repeated pattern, a run such as abcdef..., a phrase in
 * lower case).
 */
export function jwtSecretProblem(secret: string): string | null {
  let bytes: Buffer;
  if (HEX.test(secret)) {
    if (secret.length < 64) {
      return `en hexadecimal debe tener al menos 64 caracteres (256 bits); ${HOW_TO}`;
    }
    bytes = Buffer.from(secret.length % 2 === 0 ? secret : secret.slice(1), 'hex');
  } else if (BASE64.test(secret)) {
    bytes = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    // 32 bytes are 44 characters with the '=' padding, 43 without (base64url).
    if (secret.replace(/=+$/, '').length < 43 || bytes.length < 32) {
      return `en base64 debe tener al menos 44 caracteres (32 bytes, 256 bits); ${HOW_TO}`;
    }
    // Random base64 has both cases (a 44-character string lacks one with odds of about 1 in 10^10).
    if (!/[a-z]/.test(secret) || !/[A-Z]/.test(secret)) {
      return `no parece aleatorio; ${HOW_TO}`;
    }
  } else {
    return `debe ser un secreto aleatorio de al menos 256 bits en hexadecimal o base64; ${HOW_TO}`;
  }
  return looksMadeUp(secret.replace(/=+$/, ''), bytes) ? `no parece aleatorio; ${HOW_TO}` : null;
}

function looksMadeUp(text: string, bytes: Buffer): boolean {
  // The same short pattern over and over ('aaaa…', 'abcabc…', 'changemechangeme…').
  if (/^(.{1,16}?)\1+.{0,16}$/.test(text)) {
    return true;
  }
  // 32 random bytes almost never have fewer than 16 different values (expected: about 30).
  if (new Set(bytes).size < Math.min(16, bytes.length / 2)) {
    return true;
  }
  // Mostly runs of consecutive characters ('0123456789abcdef…', 'abcdefgh…').
  let steps = 0;
  for (let i = 1; i < text.length; i += 1) {
    if (Math.abs(text.charCodeAt(i) - text.charCodeAt(i - 1)) <= 1) {
      steps += 1;
    }
  }
  return steps > text.length / 2;
}
