/** One server-sent event. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser for the text/event-stream format: feed it chunks as they arrive, get
 * whole events back. Comments (heartbeats) and `retry:` lines yield no event.
 */
export class SseParser {
  #buffer = '';
  #event = '';
  #data: string[] = [];
  #id: string | undefined;
  retry: number | undefined;

  push(chunk: string): SseMessage[] {
    this.#buffer += chunk;
    const out: SseMessage[] = [];
    let newline: number;
    while ((newline = this.#buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = this.#buffer.slice(0, newline);
      const width = this.#buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.#buffer = this.#buffer.slice(newline + width);
      if (line === '') {
        if (this.#data.length > 0) {
          out.push({
            event: this.#event || 'message',
            data: this.#data.join('\n'),
            ...(this.#id ? { id: this.#id } : {}),
          });
        }
        this.#event = '';
        this.#data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') this.#event = value;
      else if (field === 'data') this.#data.push(value);
      else if (field === 'id') this.#id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    }
    return out;
  }
}
