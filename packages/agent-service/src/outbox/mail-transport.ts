import type { Transporter } from 'nodemailer';
import { DeliveryError } from './delivery-error.js';
import type { MailMessage } from './outbox-entry.js';

/** Options of {@link createMailTransport}. */
export interface MailTransportOptions {
  /** `smtp://user:password@host:587` or `smtps://…:465` (nodemailer's URL form). */
  smtpUrl: string;
  /** The sender of every mail, e.g. `Support <support@example.com>`. */
  from: string;
  /** Longest wait for the connection, the greeting and each reply, ms. Default 10 000. */
  timeoutMs?: number;
}

/** Sends mails over SMTP. */
export interface MailTransport {
  /** Sends one mail; throws a {@link DeliveryError} when the server did not accept it. */
  send(message: MailMessage): Promise<void>;
  /** Closes the SMTP connections. */
  close(): void;
}

/** Whether an SMTP failure may pass: 4xx replies and network errors are temporary, 5xx final. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Mail through nodemailer's SMTP transport (STARTTLS when the server offers it, `smtps`
 * for implicit TLS, authentication from the URL). Errors name the server's reply, never
 * the password. nodemailer is loaded with the first mail: most services never send one,
 * and it costs a few MB of every process's heap.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let transporter: Promise<Transporter> | undefined;
  const open = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      }),
    );
    return transporter;
  };
  return {
    async send(message) {
      try {
        await (await open()).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        });
      } catch (error) {
        const reason = (error as { response?: unknown }).response ?? (error as Error).message;
        throw new DeliveryError(`SMTP: ${String(reason)}`, {
          permanent: isPermanent(error),
          cause: error,
        });
      }
    },
    close() {
      transporter?.then((opened) => opened.close()).catch(() => undefined);
    },
  };
}
