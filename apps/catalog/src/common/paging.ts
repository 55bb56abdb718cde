// The catalog's lists page by the platform's keyset cursors (libs/platform/src/paging), as every service's do.
export { decodeKeyset, encodeKeyset, type Keyset, type Page, pageOf } from '@pc/platform';
