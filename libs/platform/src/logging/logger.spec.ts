import { inMessageContext, logContext, noteRequestId } from './logger';

describe('the logging context of a bus message', () => {
  it('carries the request id read from the message through the awaits of its handling', async () => {
    const seen = await Promise.all(
      ['req-a', 'req-b'].map((requestId) =>
        inMessageContext(async () => {
          noteRequestId({ pattern: 'x', data: { ctx: { requestId }, data: {} } });
          await new Promise((r) => setTimeout(r, 5));
          return logContext.getStore()?.requestId;
        }),
      ),
    );
    expect(seen).toEqual(['req-a', 'req-b']);
  });

  it('leaves no request id outside a message, and none for a packet without one', async () => {
    const inside = await inMessageContext(async () => {
      noteRequestId({ data: {} });
      await Promise.resolve();
      return logContext.getStore()?.requestId;
    });
    expect(inside).toBe('');
    expect(logContext.getStore()).toBeUndefined();
  });
});
