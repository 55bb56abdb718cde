import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gitHttpBackend } from './git-http-backend';
import type { GitRepositoryStore, StoredRepository, TreeItem } from './git-repository.store';

export interface SourceHostRoutesOptions {
  store: GitRepositoryStore;
  /** The one access token the sandbox source host accepts (it can read private repositories). */
  token: string;
  /** Public base URL of the sandbox, e.g. `http://127.0.0.1:3001`. */
  baseUrl: () => string;
}

type Access = 'anonymous' | 'authenticated' | 'bad_credentials';

const API = '/source-host/api';
const WEB = '/source-host';
const PER_PAGE_MAX = 100;

/**
 * The source host: the public hosting REST API shape under `/source-host/api`, web pages and git smart HTTP
 * under `/source-host`. Private repositories are invisible (404) to anonymous API calls, as on real hosts;
 * anonymous git requests for them answer 401 (authentication required) while unknown repositories answer 404.
 */
export function registerSourceHostRoutes(app: FastifyInstance, options: SourceHostRoutesOptions): void {
  const { store } = options;
  const web = (repo: StoredRepository): string => `${options.baseUrl()}${WEB}/${repo.owner}/${repo.name}`;
  const api = (path: string): string => `${options.baseUrl()}${API}${path}`;

  const access = (request: FastifyRequest): Access => {
    const header = request.headers.authorization;
    if (!header) return 'anonymous';
    const [scheme = '', value = ''] = header.split(/\s+/, 2);
    let token = value;
    if (scheme.toLowerCase() === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      token = decoded.slice(decoded.indexOf(':') + 1);
    } else if (!['bearer', 'token'].includes(scheme.toLowerCase())) {
      return 'bad_credentials';
    }
    return token === options.token ? 'authenticated' : 'bad_credentials';
  };

  const rateHeaders = (reply: FastifyReply): void => {
    void reply.headers({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4999',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    });
  };

  /** The repository an API call may see, or the reply already sent. */
  const visible = (request: FastifyRequest, reply: FastifyReply): StoredRepository | undefined => {
    rateHeaders(reply);
    const who = access(request);
    if (who === 'bad_credentials') {
      void reply.code(401).send({ message: 'Bad credentials' });
      return undefined;
    }
    const { owner, repo } = request.params as { owner: string; repo: string };
    const found = store.get(owner, repo);
    if (!found || (found.private && who !== 'authenticated')) {
      void reply.code(404).send({ message: 'Not Found' });
      return undefined;
    }
    return found;
  };

  const repositoryJson = (repo: StoredRepository): Record<string, unknown> => ({
    id: repo.id,
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    owner: { login: repo.owner, type: 'Organization' },
    private: repo.private,
    visibility: repo.private ? 'private' : 'public',
    description: repo.description || null,
    default_branch: repo.defaultBranch,
    has_issues: repo.hasIssues,
    archived: false,
    html_url: web(repo),
    clone_url: `${web(repo)}.git`,
    url: api(`/repos/${repo.owner}/${repo.name}`),
    created_at: repo.createdAt,
  });

  const page = (request: FastifyRequest): { perPage: number; page: number } => {
    const query = request.query as { per_page?: string; page?: string };
    const perPage = Math.min(PER_PAGE_MAX, Math.max(1, Number(query.per_page ?? 30) || 30));
    return { perPage, page: Math.max(1, Number(query.page ?? 1) || 1) };
  };

  app.get(`${API}/repos/:owner/:repo`, async (request, reply) => {
    const repo = visible(request, reply);
    if (repo) return repositoryJson(repo);
    return reply;
  });

  for (const kind of ['branches', 'tags'] as const) {
    app.get(`${API}/repos/:owner/:repo/${kind}`, async (request, reply) => {
      const repo = visible(request, reply);
      if (!repo) return reply;
      const refs = await store.refs(repo, kind === 'branches' ? 'heads' : 'tags');
      const { perPage, page: n } = page(request);
      const slice = refs.slice((n - 1) * perPage, n * perPage);
      if (n * perPage < refs.length) {
        const next = api(`/repos/${repo.owner}/${repo.name}/${kind}?per_page=${perPage}&page=${n + 1}`);
        void reply.header('link', `<${next}>; rel="next"`);
      }
      return slice.map((r) =>
        kind === 'branches'
          ? {
              name: r.name,
              commit: { sha: r.sha, url: api(`/repos/${repo.owner}/${repo.name}/commits/${r.sha}`) },
              protected: false,
            }
          : {
              name: r.name,
              commit: { sha: r.sha, url: api(`/repos/${repo.owner}/${repo.name}/commits/${r.sha}`) },
            },
      );
    });
  }

  app.get(`${API}/repos/:owner/:repo/commits/:ref`, async (request, reply) => {
    const repo = visible(request, reply);
    if (!repo) return reply;
    const { ref } = request.params as { ref: string };
    const sha = await store.resolveCommit(repo, ref);
    if (!sha) return reply.code(422).send({ message: `No commit found for SHA: ${ref}` });
    const info = await store.commitInfo(repo, sha);
    return {
      sha: info.sha,
      commit: {
        message: info.message,
        tree: { sha: info.tree },
        author: { name: 'Sandbox Maintainer', date: info.date },
        committer: { name: 'Sandbox Maintainer', date: info.date },
      },
      parents: info.parents.map((p) => ({ sha: p })),
      html_url: `${web(repo)}/commit/${info.sha}`,
    };
  });

  // The host's compare, `<base>...<head>`: how far head is ahead, and the files that changed.
  app.get(`${API}/repos/:owner/:repo/compare/:basehead`, async (request, reply) => {
    const repo = visible(request, reply);
    if (!repo) return reply;
    const { basehead } = request.params as { basehead: string };
    const [base = '', head = ''] = basehead.split('...');
    const result = await store.compare(repo, base, head);
    if (!result) return reply.code(404).send({ message: 'Not Found' });
    const status = result.ahead === 0 ? (result.behind === 0 ? 'identical' : 'behind') : 'ahead';
    return {
      status: result.behind > 0 && result.ahead > 0 ? 'diverged' : status,
      ahead_by: result.ahead,
      behind_by: result.behind,
      total_commits: result.ahead,
      files: result.files.map((f) => ({ filename: f.path, status: f.status })),
    };
  });

  app.get(`${API}/repos/:owner/:repo/git/trees/:sha`, async (request, reply) => {
    const repo = visible(request, reply);
    if (!repo) return reply;
    const { sha } = request.params as { sha: string };
    const { recursive } = request.query as { recursive?: string };
    const commit = await store.resolveCommit(repo, sha);
    if (!commit) return reply.code(404).send({ message: 'Not Found' });
    const info = await store.commitInfo(repo, commit);
    const entries = await store.tree(
      repo,
      commit,
      recursive !== undefined && recursive !== '0' && recursive !== 'false',
    );
    return { sha: info.tree, truncated: false, tree: entries.map(treeJson) };
  });

  const contents = async (request: FastifyRequest, reply: FastifyReply, path: string): Promise<unknown> => {
    const repo = visible(request, reply);
    if (!repo) return reply;
    const { ref = repo.defaultBranch } = request.query as { ref?: string };
    const sha = await store.resolveCommit(repo, ref);
    if (!sha) return reply.code(404).send({ message: `No commit found for the ref ${ref}` });
    const found = await store.pathAt(repo, sha, path.replace(/^\/+|\/+$/g, ''));
    if (!found) return reply.code(404).send({ message: 'Not Found' });
    if (found.kind === 'dir') {
      return found.entries.map((e) => ({
        name: e.path.split('/').pop(),
        path: e.path,
        sha: e.sha,
        size: e.size ?? 0,
        type: e.type === 'tree' ? 'dir' : e.type === 'commit' ? 'submodule' : 'file',
      }));
    }
    const name = path.split('/').pop() ?? path;
    return {
      type: 'file',
      encoding: 'base64',
      name,
      path,
      sha: found.sha,
      size: found.content.length,
      content: found.content.toString('base64').replace(/(.{60})/g, '$1\n'),
      html_url: `${web(repo)}/blob/${ref}/${path}`,
    };
  };
  app.get(`${API}/repos/:owner/:repo/contents`, (request, reply) => contents(request, reply, ''));
  app.get(`${API}/repos/:owner/:repo/contents/*`, (request, reply) =>
    contents(request, reply, (request.params as { '*': string })['*']),
  );

  app.get(`${API}/rate_limit`, async (_request, reply) => {
    rateHeaders(reply);
    return {
      resources: { core: { limit: 5000, remaining: 4999, reset: Math.floor(Date.now() / 1000) + 3600 } },
    };
  });

  // git smart HTTP, fetch only: <web>/<owner>/<repo>[.git]/info/refs and .../git-upload-pack
  const gitRepo = (request: FastifyRequest, reply: FastifyReply): StoredRepository | undefined => {
    const { owner, repo } = request.params as { owner: string; repo: string };
    const found = store.get(owner, repo.replace(/\.git$/, ''));
    if (!found) {
      void reply.code(404).type('text/plain').send('Repository not found');
      return undefined;
    }
    if (found.private && access(request) !== 'authenticated') {
      void reply
        .code(401)
        .header('www-authenticate', 'Basic realm="source_host"')
        .type('text/plain')
        .send('Authentication required');
      return undefined;
    }
    return found;
  };
  const serveGit = async (request: FastifyRequest, reply: FastifyReply, suffix: string): Promise<unknown> => {
    const repo = gitRepo(request, reply);
    if (!repo) return reply;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    if (suffix === 'info/refs' && !/(^|&)service=git-upload-pack(&|$)/.test(query)) {
      return reply.code(403).type('text/plain').send('Only git-upload-pack is served');
    }
    const result = await gitHttpBackend(store.git, {
      projectRoot: store.root,
      pathInfo: `/${repo.owner}/${repo.name}.git/${suffix}`,
      method: request.method,
      query,
      contentType: request.headers['content-type'],
      contentEncoding: header(request, 'content-encoding'),
      gitProtocol: header(request, 'git-protocol'),
      remoteAddr: request.ip,
      body: Buffer.isBuffer(request.body) ? request.body : undefined,
    });
    return reply.code(result.status).headers(result.headers).send(result.body);
  };
  app.get(`${WEB}/:owner/:repo/info/refs`, (request, reply) => serveGit(request, reply, 'info/refs'));
  app.post(`${WEB}/:owner/:repo/git-upload-pack`, (request, reply) =>
    serveGit(request, reply, 'git-upload-pack'),
  );
  app.post(`${WEB}/:owner/:repo/git-receive-pack`, async (_request, reply) =>
    reply
      .code(403)
      .type('text/plain')
      .send('Pushing is not supported; use POST /_sandbox/repos/{owner}/{name}/commits'),
  );

  // Web pages: enough to open the URLs the catalog shows.
  const page404 = (reply: FastifyReply): FastifyReply =>
    reply.code(404).type('text/html').send('<h1>404 Not Found</h1>');
  const webPage = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const { owner, repo } = request.params as { owner: string; repo: string };
    const found = store.get(owner, repo.replace(/\.git$/, ''));
    if (!found || (found.private && access(request) !== 'authenticated')) return page404(reply);
    const files = await store.tree(found, `refs/heads/${found.defaultBranch}`, true);
    const list = files
      .filter((f) => f.type === 'blob')
      .map((f) => `<li>${escapeHtml(f.path)}</li>`)
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><title>${escapeHtml(`${found.owner}/${found.name}`)}</title><h1>${escapeHtml(`${found.owner}/${found.name}`)}</h1>` +
          `<p>${escapeHtml(found.description)}</p><p>Clone: <code>${escapeHtml(`${web(found)}.git`)}</code></p><ul>${list}</ul>`,
      );
  };
  app.get(`${WEB}/:owner/:repo`, webPage);
  app.get(`${WEB}/:owner/:repo/tree/*`, webPage);
}

function treeJson(item: TreeItem): Record<string, unknown> {
  return {
    path: item.path,
    mode: item.mode,
    type: item.type,
    sha: item.sha,
    ...(item.size === undefined ? {} : { size: item.size }),
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
