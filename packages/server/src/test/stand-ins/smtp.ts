import type { AddressInfo, Socket } from 'node:net';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/*
 * An SMTP server on 127.0.0.1 (the `smtp-server` package, speaking real SMTP) that records every message it
 * accepts, parsed (`mailparser`), and can be told to refuse a recipient (550), defer the message (451), refuse
 * every message (554), answer slowly, or hang after the data. Optional login (AUTH PLAIN/LOGIN) with a fixed user.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | false;
  headers: Map<string, unknown>;
  messageId: string | undefined;
}

export interface SmtpBehaviour {
  /** Reply to RCPT TO for these addresses with 550 (no such user). */
  unknownRecipients?: string[];
  /** Reply to the end of DATA with this code (451 deferred, 554 refused). */
  dataReply?: number;
  /** Wait before replying to the end of DATA. */
  delayMs?: number;
  /** Never reply to the end of DATA. */
  hang?: boolean;
}

export interface SmtpStandIn {
  port: number;
  /** smtp://user:password@127.0.0.1:PORT when a login is required, else smtp://127.0.0.1:PORT */
  url: string;
  messages: ReceivedMail[];
  behave(behaviour: SmtpBehaviour): void;
  close(): Promise<void>;
}

const smtpError = (message: string, code: number) => Object.assign(new Error(message), { responseCode: code });

export async function startSmtpStandIn(login?: { user: string; password: string }): Promise<SmtpStandIn> {
  const messages: ReceivedMail[] = [];
  let behaviour: SmtpBehaviour = {};
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !login,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.password)
        callback(null, { user: auth.username });
      else callback(smtpError('Authentication credentials invalid', 535));
    },
    onRcptTo(address, _session, callback) {
      if (behaviour.unknownRecipients?.includes(address.address.toLowerCase())) {
        callback(smtpError(`No such user: ${address.address}`, 550));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const current = behaviour;
        const reply = async () => {
          if (current.dataReply) {
            callback(smtpError(current.dataReply >= 500 ? 'Message refused' : 'Try again later', current.dataReply));
            return;
          }
          const parsed = await simpleParser(Buffer.concat(chunks));
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? false,
            headers: parsed.headers,
            messageId: parsed.messageId,
          });
          callback();
        };
        if (current.hang) return;
        if (current.delayMs) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            void reply();
          }, current.delayMs);
          timers.add(timer);
        } else void reply();
      });
    },
  });
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = login ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@` : '';
  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    behave(next) {
      behaviour = next;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
