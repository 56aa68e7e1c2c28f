import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { roleNames, type RoleName } from '@fics/contracts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const JWT_ISSUER = 'fics-api';
export const JWT_AUDIENCE = 'fics-web';
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: RoleName;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  claims: AccessClaims,
  secret: string,
  now = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
    .setSubject(claims.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** A verified token's claims and when it expires (ms since the epoch, its `exp`). */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: number;
}

/** Verifies algorithm, signature, expiry, audience, issuer and type; null for any failure. */
export async function verifyAccessToken(token: string, secret: string): Promise<VerifiedAccess | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      typ: ACCESS_TOKEN_TYPE,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, sid, role, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number' ||
      !roleNames.includes(role as RoleName)
    ) {
      return null;
    }
    return { userId: sub, sessionId: sid, role: role as RoleName, expiresAt: exp * 1000 };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
      return null;
    }
    throw error;
  }
}
