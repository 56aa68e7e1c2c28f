import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResultSchema,
  changeTokenBodySchema,
  checkRecoveryTokenBodySchema,
  checkRecoveryTokenResponseSchema,
  errorResponseSchema,
  loginBodySchema,
  logoutAllResponseSchema,
  logoutResponseSchema,
  messageResponseSchema,
  messages,
  recoverPasswordBodySchema,
  setPasswordBodySchema,
  tokenPairSchema,
  userResponseSchema,
} from '@fics/contracts';
import { actorOf } from '../../plugins/auth';
import { AppError, unauthorized } from '../../lib/errors';
import { accountTag, securityLogFor } from '../../lib/security-log';
import { loadUserView } from '../users';
import { changeToken, loginUser, logoutEverywhere, logoutSession } from './auth.service';
import { checkRecoveryToken, requestPasswordRecovery, setPasswordWithToken } from './recovery.service';
import { bearerSecurity } from '../../lib/route-schemas';

const tags = ['Autenticación'];
const bearer = bearerSecurity;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Inicia sesión',
        body: loginBodySchema,
        response: { 200: authResultSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const security = securityLogFor(request);
      try {
        const result = await loginUser({
          db: app.db,
          limiter: app.rateLimiter,
          jwtSecret: app.config.jwtSecret,
          email: request.body.email,
          password: request.body.password,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        security({ event: 'login', outcome: 'success', userId: result.user._id });
        return result;
      } catch (error) {
        if (error instanceof AppError) {
          const outcome = error.type === 'RATE_LIMITED' ? 'rate-limited' : 'bad-credentials';
          security({ event: 'login', outcome, account: accountTag(request.body.email) });
        }
        throw error;
      }
    },
  );

  app.post(
    '/auth/changetoken',
    {
      schema: {
        tags,
        summary: 'Renueva los tokens (el refresh token presentado deja de servir)',
        body: changeTokenBodySchema,
        response: { 200: tokenPairSchema, 401: errorResponseSchema },
      },
    },
    async (request) =>
      changeToken({
        db: app.db,
        jwtSecret: app.config.jwtSecret,
        refreshToken: request.body.refreshToken,
        idleMs: app.config.sessionIdleMs,
        security: securityLogFor(request),
      }),
  );

  app.get(
    '/auth/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Usuario de la sesión',
        security: bearer,
        response: { 200: userResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { userId } = actorOf(request);
      // Kept on the embedded database until a change to the user, their grades or schools commits.
      const user = await app.signedInCache.get(`view:${userId}`, userId, () => loadUserView(app.db, userId));
      if (!user) {
        throw unauthorized();
      }
      return { user };
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Cierra la sesión actual',
        security: bearer,
        response: { 200: logoutResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await logoutSession({ db: app.db, actor: actorOf(request) });
      return { message: messages.loggedOut };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Cierra la sesión en todos los dispositivos del usuario, este incluido',
        security: bearer,
        response: { 200: logoutAllResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const sessionsEnded = await logoutEverywhere({ db: app.db, actor: actorOf(request) });
      securityLogFor(request)({
        event: 'logout-all',
        outcome: 'success',
        userId: actorOf(request).userId,
        details: { sessionsEnded: String(sessionsEnded) },
      });
      return { message: messages.loggedOutEverywhere, sessionsEnded };
    },
  );

  app.post(
    '/auth/recoverPassword',
    {
      schema: {
        tags,
        summary: 'Envía por correo un enlace para cambiar la contraseña',
        body: recoverPasswordBodySchema,
        response: { 200: messageResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // A recovery e-mail it queued goes out at once: the events plugin wakes the mail after every write.
      await requestPasswordRecovery({
        db: app.db,
        limiter: app.rateLimiter,
        publicUrl: app.config.publicUrl,
        email: request.body.email,
        ip: request.ip,
      });
      return { message: messages.recoverySent };
    },
  );

  app.post(
    '/auth/checkRecoveryToken',
    {
      schema: {
        tags,
        summary: 'Indica si un enlace de recuperación o invitación sigue vigente',
        body: checkRecoveryTokenBodySchema,
        response: { 200: checkRecoveryTokenResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { purpose, email } = await checkRecoveryToken({ db: app.db, token: request.body.token });
      return { valid: true as const, purpose, email };
    },
  );

  app.patch(
    '/auth/setPassword',
    {
      schema: {
        tags,
        summary: 'Define la contraseña con un enlace de recuperación o invitación',
        body: setPasswordBodySchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { userId, purpose } = await setPasswordWithToken({
        db: app.db,
        token: request.body.token,
        password: request.body.password,
      });
      securityLogFor(request)({
        event: 'password-reset',
        outcome: 'success',
        userId,
        details: { link: purpose === 'INVITATION' ? 'invitation' : 'recovery' },
      });
      return { message: messages.passwordUpdated };
    },
  );
};
