import { gitFetchError } from './git-snapshot.reader';

// git's own words for each failure, with the remote's URL on a port that holds a status code's digits.
const url = 'http://127.0.0.1:34015/acme/nothing-here.git/';

describe('what a failed git fetch means', () => {
  it.each([
    [`remote: Not Found\nfatal: repository '${url}' not found`, 'not_found'],
    [`fatal: unable to access '${url}': The requested URL returned error: 404`, 'not_found'],
    [`fatal: could not read Username for 'http://127.0.0.1:40301': terminal prompts disabled`, 'private'],
    [`fatal: unable to access '${url}': The requested URL returned error: 401`, 'private'],
    [`fatal: unable to access '${url}': The requested URL returned error: 403`, 'private'],
    [`fatal: Authentication failed for '${url}'`, 'private'],
    [`fatal: unable to access '${url}': The requested URL returned error: 429`, 'rate_limited'],
    [`fatal: couldn't find remote ref v9.9.9`, 'ref_not_found'],
    [`fatal: unable to access '${url}': Failed to connect to 127.0.0.1 port 34015`, 'unreachable'],
  ])('%s -> %s', (stderr, kind) => {
    expect(gitFetchError(stderr, 'main').kind).toBe(kind);
  });
});
