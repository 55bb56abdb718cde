/** One event of a `text/event-stream` answer. */
export interface SseEvent {
  id?: string;
  /** Its `event:` field (`message` when it has none). */
  event: string;
  /** Its `data:` lines, joined. */
  data: string;
}

/**
 * The events of a `text/event-stream` body as they arrive, each with the time (epoch ms) the chunk that
 * completed it was read; `onComment` is called for each comment block (`: ...`, a keep-alive). The body
 * is cancelled when the reader stops early.
 */
export async function* sseEvents(
  body: ReadableStream<Uint8Array>,
  onComment: () => void = () => undefined,
): AsyncGenerator<{ event: SseEvent; receivedAt: number }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const receivedAt = Date.now();
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith(':')) {
          onComment();
          continue;
        }
        const event: SseEvent = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(': ');
          const fieldValue = rest.join(': ');
          if (field === 'id') event.id = fieldValue;
          else if (field === 'event') event.event = fieldValue;
          else if (field === 'data') event.data += fieldValue;
        }
        yield { event, receivedAt };
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
