/*
 * @nestjs/common, loaded first with a date-time formatter that is made on first use. Its logger
 * modules each build an `Intl.DateTimeFormat` when they load, for the timestamps of Nest's console
 * logger, which these apps never use (pino writes every line). Building one reads ICU's locale,
 * calendar and time-zone data into the process: about 6 MB of an idle gateway's 100 (issue 24, idle
 * memory). The global is put back at once: nothing else gets the lazy one.
 */

type DateTimeFormatConstructor = typeof Intl.DateTimeFormat;

const eager = Intl.DateTimeFormat;
Intl.DateTimeFormat = madeOnFirstUse(eager);
try {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here, with the formatter above
  require('@nestjs/common');
} finally {
  Intl.DateTimeFormat = eager;
}

/** A formatter whose real one is built when a property of it is first read (its `format`). */
function madeOnFirstUse(real: DateTimeFormatConstructor): DateTimeFormatConstructor {
  return new Proxy(real, {
    construct(target, args: ConstructorParameters<DateTimeFormatConstructor>) {
      let made: Intl.DateTimeFormat | undefined;
      const instance = () => (made ??= new target(...args));
      return new Proxy(Object.create(target.prototype) as Intl.DateTimeFormat, {
        get(_shell, key) {
          const formatter = instance();
          const value: unknown = Reflect.get(formatter, key, formatter);
          return typeof value === 'function'
            ? (value as (...a: unknown[]) => unknown).bind(formatter)
            : value;
        },
      });
    },
  });
}
