import type { GitRunner } from '../sandbox.git';

export interface CgiRequest {
  projectRoot: string;
  /** `/<owner>/<name>.git/info/refs` or `/<owner>/<name>.git/git-upload-pack`. */
  pathInfo: string;
  method: string;
  query: string;
  contentType?: string;
  contentEncoding?: string;
  gitProtocol?: string;
  remoteAddr: string;
  body?: Buffer;
}

export interface CgiResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Serves git smart HTTP (fetch only) by running `git http-backend` as a CGI program, through `git`. */
export async function gitHttpBackend(git: GitRunner, request: CgiRequest): Promise<CgiResponse> {
  const env: Record<string, string> = {
    GIT_PROJECT_ROOT: request.projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: request.pathInfo,
    REQUEST_METHOD: request.method,
    QUERY_STRING: request.query,
    REMOTE_ADDR: request.remoteAddr,
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
  };
  if (request.contentType) env.CONTENT_TYPE = request.contentType;
  if (request.body) env.CONTENT_LENGTH = String(request.body.length);
  if (request.contentEncoding) env.HTTP_CONTENT_ENCODING = request.contentEncoding;
  if (request.gitProtocol) env.GIT_PROTOCOL = request.gitProtocol;
  const result = await git.run(['http-backend'], { env, input: request.body });
  return parseCgi(result.stdout);
}

function parseCgi(output: Buffer): CgiResponse {
  let end = output.indexOf('\r\n\r\n');
  let separator = 4;
  const lf = output.indexOf('\n\n');
  if (end < 0 || (lf >= 0 && lf < end)) {
    end = lf;
    separator = 2;
  }
  if (end < 0) return { status: 500, headers: {}, body: Buffer.from('git http-backend failed') };
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of output.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'status') status = Number.parseInt(value, 10) || 500;
    else headers[name] = value;
  }
  return { status, headers, body: output.subarray(end + separator) };
}
