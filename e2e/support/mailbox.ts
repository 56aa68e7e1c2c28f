import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded ('' when the message has none). */
  html: string;
  /** Every http(s) address in the text part, in order. */
  links: string[];
  receivedAt: Date;
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port>, for the server's SMTP_URL. */
  url: string;
  /** Every message received so far. */
  all(): readonly Mail[];
  /**
   * The oldest message to `to` (and with `subject` in its subject, if given) that no earlier call
   * returned, waiting for it up to `timeoutMs`.
   */
  waitFor(to: string, options?: { subject?: string | RegExp; timeoutMs?: number }): Promise<Mail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that accepts any sender, recipient and login, and keeps every message. */
export async function startMailbox(): Promise<Mailbox> {
  const received: Mail[] = [];
  const taken = new Set<Mail>();
  const server = new SMTPServer({
    authOptional: true,
    // No certificate here: the server's mailer must not be offered STARTTLS.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'e2e' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const parsed = parseMessage(Buffer.concat(chunks).toString('latin1'));
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parsed,
          links: parsed.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [],
          receivedAt: new Date(),
        });
        callback();
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
    all: () => received,
    async waitFor(to, options = {}) {
      const { subject, timeoutMs = 20_000 } = options;
      const matches = (mail: Mail) =>
        !taken.has(mail) &&
        mail.to.includes(to.toLowerCase()) &&
        (subject === undefined ||
          (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(matches);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) {
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ');
          throw new Error(`No llegó un correo para ${to} en ${timeoutMs} ms. Recibidos:\n  ${seen}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Splits a MIME entity (latin1 string, one char per byte) into its headers (unfolded, lower-case names) and body. */
function splitEntity(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }
  return { headers, body };
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function bytesToText(bytes: Buffer, charset: string): string {
  return new TextDecoder(charset.toLowerCase() === 'us-ascii' ? 'utf-8' : charset).decode(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameter(part.headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  let bytes: Buffer;
  if (encoding === 'base64') {
    bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  } else if (encoding === 'quoted-printable') {
    const unfolded = part.body.replace(/=\r?\n/g, '');
    bytes = Buffer.from(
      unfolded.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  } else {
    bytes = Buffer.from(part.body, 'latin1');
  }
  return bytesToText(bytes, charset);
}

/** Decodes RFC 2047 encoded words such as =?UTF-8?Q?...?= and =?UTF-8?B?...?=. */
function decodeWords(value: string): string {
  const bytes = Buffer.from(value, 'latin1').toString('utf8');
  return bytes.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=(\s+(?==\?))?/gi,
    (_m, charset: string, kind: string, text: string) => {
      const raw =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replaceAll('_', ' ')
                .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return bytesToText(raw, charset);
    },
  );
}

/** Collects the text/plain and text/html leaves of a (possibly nested multipart) entity. */
function collect(part: Part, into: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = parameter(type, 'boundary');
    if (!boundary) {
      return;
    }
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) {
        break;
      }
      collect(splitEntity(piece.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  if (/^text\/html/i.test(type)) {
    into.html ||= decodeBody(part);
  } else if (/^text\/plain/i.test(type)) {
    into.text ||= decodeBody(part);
  }
}

function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const root = splitEntity(raw);
  const content = { text: '', html: '' };
  collect(root, content);
  return { subject: decodeWords(root.headers.get('subject') ?? ''), ...content };
}
