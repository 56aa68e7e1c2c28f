import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The Subject header, decoded. */
  subject: string;
  /** The whole message as received, with quoted-printable soft line breaks in the body undone (links are whole). */
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  close: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps what it receives, for tests. `reject`
 * answers every recipient with a temporary failure; `delayMs` holds each message before accepting it.
 */
export async function startSmtpCapture(
  options: { reject?: boolean; delayMs?: number } = {},
): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.reject) {
        const error = Object.assign(new Error('Servicio no disponible, intente más tarde'), {
          responseCode: 451,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (options.delayMs) {
            await sleep(options.delayMs);
          }
          const from = session.envelope.mailFrom;
          messages.push({
            from: from ? from.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            ...parse(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        })();
      });
    },
  });
  const listening = await new Promise<net.Server>((resolve, reject) => {
    server.once('error', reject);
    const netServer = server.listen(0, '127.0.0.1', () => resolve(netServer));
  });
  const { port } = listening.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, encoding: string, text: string) => {
    if (encoding.toUpperCase() === 'B') {
      return Buffer.from(text, 'base64').toString('utf8');
    }
    const bytes = text.replaceAll('_', ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  });
}

function parse(message: string): { subject: string; raw: string } {
  const split = message.indexOf('\r\n\r\n');
  const head = split === -1 ? message : message.slice(0, split);
  const body = split === -1 ? '' : message.slice(split);
  // Folded header lines continue with whitespace.
  const subjectLine = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(head)?.[1] ?? '';
  return {
    subject: decodeWords(subjectLine.replace(/\r\n[ \t]/g, ' ')).trim(),
    raw: head + body.replace(/=\r?\n/g, ''),
  };
}

/** An SMTP_URL where nothing listens: connections are refused, as during an outage. */
export async function closedSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error('waitFor: la condición no se cumplió a tiempo');
    }
    await sleep(20);
  }
}
