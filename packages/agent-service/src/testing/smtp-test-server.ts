import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it, decoded enough to read. */
export interface ReceivedMail {
  /** `MAIL FROM` and `RCPT TO` of the SMTP session. */
  envelope: { from: string; to: string[] };
  /** Header fields by lower-case name (unfolded; encoded words decoded). */
  headers: Map<string, string>;
  /** The text body, its transfer encoding undone. */
  text: string;
  /** The message as it came over the wire. */
  raw: string;
}

/** A local SMTP server (the `smtp-server` package) on 127.0.0.1, keeping what it gets. */
export interface SmtpTestServer {
  /** `smtp://127.0.0.1:<port>` (no TLS, no authentication). */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Refuses the next `count` mails with `code` (e.g. 451: temporary, 550: final). */
  refuseNext(count: number, code: number): void;
  close(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) → text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g,
      (_, _charset: string, encoding: string, data: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index] as string;
    const hex = source.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Parses a single-part text mail (what the service sends). */
function parseMail(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
    }
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { envelope, headers, text: text.replace(/\r\n/g, '\n').trimEnd(), raw };
}

/** Starts a local SMTP server on 127.0.0.1, port 0. */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  const refusals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = refusals.shift();
        if (refusal !== undefined) {
          const error = Object.assign(new Error('Refused by the test server'), {
            responseCode: refusal,
          });
          callback(error);
          return;
        }
        const from = session.envelope.mailFrom;
        mails.push(
          parseMail(Buffer.concat(chunks).toString('utf8'), {
            from: from ? from.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
          }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    refuseNext(count, code) {
      for (let index = 0; index < count; index += 1) refusals.push(code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
