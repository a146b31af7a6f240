import { createTransport } from 'nodemailer';

import type { DeliveryResult, NotificationMessage, TransportSettings } from '../contract';
import { escapeHtml, safeLink } from './format';
import { invalid } from './http';
import { EMAIL_ADDRESS } from './targets';

/*
 * Email through the operator's SMTP server (SMTP_URL, which may hold a password: it never reaches an error or a
 * log; errors name the SMTP reply code only). The message has a plain-text part and a small HTML part built from
 * escaped text (no HTML from data). SMTP replies: 2xx sent, 4xx temporary (retried), 5xx permanent for this
 * recipient. A failed login or an unreachable server is the operator's problem, not the channel's: retried.
 */

export function emailContent(message: NotificationMessage): { subject: string; text: string; html: string } {
  const link = safeLink(message.link);
  const subject = message.title.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const text = [message.title, message.body, link ? `Open in SignalDeck: ${link}` : '']
    .filter((part) => part !== '')
    .join('\n\n');
  const paragraphs = message.body
    .split(/\n{2,}/)
    .filter((part) => part.trim() !== '')
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`);
  const html = [
    '<!doctype html><html><body>',
    `<h1 style="font-size:18px">${escapeHtml(message.title)}</h1>`,
    ...paragraphs,
    link ? `<p><a href="${escapeHtml(link)}">Open in SignalDeck</a></p>` : '',
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

interface SmtpError {
  code?: string;
  responseCode?: number;
}

function classifySmtpError(error: SmtpError, timeoutMs: number, durationMs: number): DeliveryResult {
  const reply = typeof error.responseCode === 'number' ? error.responseCode : null;
  if (error.code === 'EAUTH') {
    return {
      ok: false,
      status: reply,
      permanent: false,
      retryAfterMs: null,
      error: 'The mail server refused SignalDeck’s login (check SMTP_URL)',
      durationMs,
    };
  }
  if (reply !== null && reply >= 500) {
    return {
      ok: false,
      status: reply,
      permanent: true,
      retryAfterMs: null,
      error: `The mail server refused the message (SMTP ${reply})`,
      durationMs,
    };
  }
  if (reply !== null && reply >= 400) {
    return {
      ok: false,
      status: reply,
      permanent: false,
      retryAfterMs: null,
      error: `The mail server deferred the message (SMTP ${reply})`,
      durationMs,
    };
  }
  const timedOut = error.code === 'ETIMEDOUT' || error.code === 'ABORT_ERR';
  return {
    ok: false,
    status: null,
    permanent: false,
    retryAfterMs: null,
    error: timedOut
      ? `The mail server did not answer within ${timeoutMs / 1000} s`
      : `Could not reach the mail server${error.code ? ` (${error.code})` : ''}`,
    durationMs,
  };
}

export async function deliverEmail(
  destination: { to: string },
  message: NotificationMessage,
  settings: TransportSettings,
): Promise<DeliveryResult> {
  if (!settings.smtpUrl) return invalid('Email is not available: the operator has not set SMTP_URL');
  if (!EMAIL_ADDRESS.test(destination.to)) return invalid('The email address is not valid');
  const started = performance.now();
  const { timeoutMs } = settings;
  // Each stage has its own timeout; the whole exchange is bounded too (a server that answers slowly, line by line).
  const transport = createTransport({
    url: settings.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const content = emailContent(message);
    const sent = transport.sendMail({
      from: settings.smtpFrom,
      to: destination.to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      messageId: `<${message.id}@signaldeck>`,
      headers: { 'X-SignalDeck-Event': message.event },
    });
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
    });
    const info = (await Promise.race([sent, deadline])) as { response?: string };
    const code = Number(/^(\d{3})/.exec(info.response ?? '')?.[1] ?? 250);
    return {
      ok: true,
      status: code,
      permanent: false,
      retryAfterMs: null,
      error: null,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    return classifySmtpError(error as SmtpError, timeoutMs, Math.round(performance.now() - started));
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
