import { natsConnection } from './bus';

describe('natsConnection', () => {
  it('takes the credentials out of the URL and gives the app an inbox prefix of its own', () => {
    expect(natsConnection('nats://catalog:s%40cret@nats:4222', 'catalog')).toEqual({
      servers: ['nats://nats:4222'],
      user: 'catalog',
      pass: 's@cret',
      inboxPrefix: '_INBOX_catalog',
      noAsyncTraces: true,
    });
  });

  it('accepts several servers and no credentials', () => {
    expect(natsConnection('nats://a:4222,nats://b:4222', 'gateway-client')).toEqual({
      servers: ['nats://a:4222', 'nats://b:4222'],
      inboxPrefix: '_INBOX_gateway-client',
      noAsyncTraces: true,
    });
  });
});
