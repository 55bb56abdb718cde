export {
  DEFAULT_VENDOR_INDEX_DIR,
  loadVendorFolder,
  matchesWords,
  optionalString,
  requiredSlug,
  requiredString,
} from './vendor-index';
export type { LoadResult, VendorEntry } from './vendor-index';
