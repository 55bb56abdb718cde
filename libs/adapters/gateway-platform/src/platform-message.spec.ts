import { PLATFORM_MESSAGE_MAX, platformMessage } from './platform-message';

describe('platformMessage: what an error keeps of the platform text', () => {
  it(`keeps a message of ${PLATFORM_MESSAGE_MAX} characters whole, and cuts a longer one with an ellipsis`, () => {
    const whole = 'w'.repeat(PLATFORM_MESSAGE_MAX);
    expect(platformMessage(whole, [])).toBe(whole);
    expect(platformMessage(`${whole}x`, [])).toBe(`${'w'.repeat(PLATFORM_MESSAGE_MAX - 1)}…`);
  });

  it('never cuts a character outside the basic plane in half', () => {
    const cut = platformMessage(`${'w'.repeat(PLATFORM_MESSAGE_MAX - 2)}😀 and more`, []);
    expect(cut).toBe(`${'w'.repeat(PLATFORM_MESSAGE_MAX - 2)}…`);
    expect(() => encodeURIComponent(cut)).not.toThrow();
  });

  it('redacts a secret anywhere in the message, even past what is kept', () => {
    const secret = 'hunter2-secret-value';
    const message = `${' '.repeat(10_000)}leaked ${secret}`;
    expect(platformMessage(message, [secret])).toBe('leaked [redacted]');
  });
});
