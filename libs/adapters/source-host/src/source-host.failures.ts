import { UpstreamFailures } from '@pc/outbound';
import { SourceHostError } from './source-host.errors';

/**
 * The source host's failures: requests that got no answer and malformed bodies. The client reads refused
 * answers itself (private or gone, rate limited API or git), so no status has a kind here.
 */
export const sourceHostFailures = new UpstreamFailures('source host', SourceHostError, {
  transportKinds: {
    invalid_url: 'invalid_url',
    blocked_address: 'not_allowed_host',
    timeout: 'timeout',
    too_large: 'too_large',
    unresolvable: 'unreachable',
    unreachable: 'unreachable',
  },
});
