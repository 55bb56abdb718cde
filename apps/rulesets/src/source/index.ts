// The source host adapter and its failures are the listings kernel's; validation and evaluation take them here.
export { isTransientSourceHostError as isTransient, SOURCE_HOST, upstreamUnavailable } from '@pc/listings';
