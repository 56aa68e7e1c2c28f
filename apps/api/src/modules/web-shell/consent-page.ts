/**
 * The guardian's page (issue 22.5, docs/decisions/privacy.md 'Consentimiento'): the link e-mailed
 * to a student's guardian, `/consentimiento/:token`, painted by the server as a small page of its
 * own. No account, no JavaScript (any phone or old browser answers it), nothing of the app's
 * bundle: the notice in plain words (contracts' guardianNotice, versioned), and 'Acepto' / 'No
 * acepto' as an HTML form; once accepted, the same link withdraws. The answers are the users
 * module's (decideGuardianConsent), as POST /api/v1/guardian-consents/:token gives them.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  decideGuardianConsentBodySchema,
  guardianConsentMessages,
  type PublicGuardianConsent,
} from '@fics/contracts';
import { AppError } from '../../lib/errors';
import { decideGuardianConsent, getPublicConsent } from '../users';
import { escapeHtml } from './html';

const stateTexts: Record<PublicGuardianConsent['state'], string> = {
  PENDING: '',
  GRANTED: 'Usted aceptó. Puede retirar su consentimiento cuando quiera con este mismo enlace.',
  REFUSED: 'Usted respondió que no acepta. El trabajo del estudiante se ve solo dentro de su colegio.',
  WITHDRAWN: 'Usted retiró su consentimiento. El trabajo del estudiante se ve solo dentro de su colegio.',
};

function page(options: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(options.title)} | Fics</title>
<style>
body{margin:0;background:#f4f8fa;font-family:Arial,Helvetica,sans-serif;color:#263238;line-height:1.5}
header{background:#32ADD0;color:#fff;padding:16px 24px;font-size:24px;font-weight:bold}
main{max-width:640px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:22px;margin:0 0 16px}
.card{background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.notice p{margin:0 0 12px}
.who{font-weight:bold}
.status{border-left:4px solid #1b5e34;background:#e3f4e8;padding:12px 16px;margin:16px 0}
.error{border-left-color:#b71c1c;background:#fdecea}
form{display:flex;flex-wrap:wrap;gap:12px;margin-top:20px}
button{font:inherit;font-weight:bold;border-radius:4px;padding:12px 24px;cursor:pointer;min-height:48px}
.yes{background:#1565c0;border:2px solid #1565c0;color:#fff}
.no{background:#fff;border:2px solid #1565c0;color:#0d47a1}
small{display:block;margin-top:16px;color:#546e7a}
</style>
</head>
<body>
<header>Fics</header>
<main><div class="card">${options.body}</div></main>
</body>
</html>`;
}

function consentHtml(consent: PublicGuardianConsent, message?: string): string {
  const notice = consent.notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const school = consent.college ? `, de ${escapeHtml(consent.college)}` : '';
  const status = message ?? stateTexts[consent.state];
  const buttons =
    consent.state === 'PENDING'
      ? `<form method="post">
<button class="yes" type="submit" name="decision" value="ACCEPT">Acepto</button>
<button class="no" type="submit" name="decision" value="REFUSE">No acepto</button>
</form>`
      : consent.state === 'GRANTED'
        ? `<form method="post">
<button class="no" type="submit" name="decision" value="WITHDRAW">Retirar mi consentimiento</button>
</form>`
        : '';
  return page({
    title: consent.notice.title,
    body: `<h1>${escapeHtml(consent.notice.title)}</h1>
<p class="who">Estudiante: ${escapeHtml(consent.studentName)}${school}</p>
<div class="notice">${notice}</div>
${status ? `<p class="status" role="status">${escapeHtml(status)}</p>` : ''}
${buttons}
<small>Versión del aviso: ${escapeHtml(consent.notice.version)}</small>`,
  });
}

function errorHtml(message: string): string {
  return page({
    title: 'Consentimiento',
    body: `<h1>Consentimiento</h1><p class="status error" role="alert">${escapeHtml(message)}</p>`,
  });
}

const send = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/** Registers GET and POST `/consentimiento/:token` (a form's POST: its own body parser, here only). */
export async function registerConsentPage(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.get<{ Params: { token: string } }>(
      '/consentimiento/:token',
      { schema: { hide: true } },
      async (request, reply) => {
        try {
          return send(
            reply,
            200,
            consentHtml(await getPublicConsent({ db: app.db, token: request.params.token })),
          );
        } catch (error) {
          if (error instanceof AppError && error.status === 404) {
            return send(reply, 404, errorHtml(guardianConsentMessages.linkNotFound));
          }
          throw error;
        }
      },
    );
    scope.post<{ Params: { token: string } }>(
      '/consentimiento/:token',
      { schema: { hide: true } },
      async (request, reply) => {
        const parsed = decideGuardianConsentBodySchema.safeParse(request.body ?? {});
        const token = request.params.token;
        try {
          if (!parsed.success) {
            return send(
              reply,
              400,
              consentHtml(
                await getPublicConsent({ db: app.db, token }),
                guardianConsentMessages.decisionRequired,
              ),
            );
          }
          const { consent, message } = await decideGuardianConsent({ db: app.db, token, input: parsed.data });
          return send(reply, 200, consentHtml(consent, message));
        } catch (error) {
          if (error instanceof AppError && (error.status === 404 || error.status === 409)) {
            const html =
              error.status === 404
                ? errorHtml(guardianConsentMessages.linkNotFound)
                : consentHtml(await getPublicConsent({ db: app.db, token }), error.message);
            return send(reply, error.status, html);
          }
          throw error;
        }
      },
    );
  });
}
