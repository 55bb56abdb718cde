import type * as Pg from 'pg';
import type * as TypeOrm from 'typeorm';

/*
 * TypeORM and node-postgres, loaded on first use instead of when this library is imported. Every app
 * imports the library, and the gateway and the tool server never open a database: TypeORM alone is
 * some 350 modules and about 12 MB of resident memory in a process that does not use it (issue 11).
 */

export function typeorm(): typeof TypeOrm {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return require('typeorm') as typeof TypeOrm;
}

export function pg(): typeof Pg {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return require('pg') as typeof Pg;
}
