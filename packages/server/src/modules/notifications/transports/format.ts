import type { NotificationMessage } from '../contract';

/** Cuts text to `max` characters (code points), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A colour per event for Discord embeds (red for refusals, green for trades, amber for warnings). */
export function eventColor(event: NotificationMessage['event']): number {
  switch (event) {
    case 'signal_rejected':
    case 'out_of_sync':
      return 0xd64545;
    case 'signal_ignored':
    case 'webhook_silent':
      return 0xd9a021;
    case 'trade_opened':
    case 'trade_closed':
    case 'exit_hit':
      return 0x2f9e6e;
    default:
      return 0x4a7bd0;
  }
}

/** Escapes text for HTML (Telegram's HTML mode, the email's HTML part): &, <, > and quotes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The link only when it is an absolute http(s) URL (a link is rendered as a link, never as anything else). */
export function safeLink(link: string | null): string | null {
  if (link === null) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
