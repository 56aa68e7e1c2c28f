import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import { lazyRequire } from '../../lib/lazy-require';

/** Loaded only with SMTP_URL, when the transport is made (lib/lazy-require.ts). */
const mailer = lazyRequire<typeof nodemailer>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Template name, for logs. */
  kind: string;
}

/** Where the dispatcher hands messages; `send` rejects when the message was not accepted. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer; SMTP_URL carries host, port, credentials and TLS (smtps://). */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = mailer().createTransport(
    {
      url: options.url,
      // A hung server must not hold a message past its lease (see the dispatcher).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from: options.from },
  );
  return {
    async send(message) {
      await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP_URL messages go to the log, links included, so a developer can follow a recovery or
 * invitation link without a mail server.
 */
export function createLogTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async send(message) {
      log.info(
        { mail: { to: message.to, subject: message.subject, kind: message.kind } },
        `correo (sin SMTP_URL, no se envía):\n${message.text}`,
      );
    },
    close() {},
  };
}
