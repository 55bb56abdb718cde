// The catalog's lists page by the listings kernel's keyset cursors (libs/listings/src/paging).
export { decodeKeyset, encodeKeyset, type Keyset, type Page, pageOf } from '@pc/listings';
