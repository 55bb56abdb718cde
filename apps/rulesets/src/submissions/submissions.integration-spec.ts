import {
  type IdeaDeclaration,
  type RequestContext,
  type RulesetSubmissionInput,
  type UserCaller,
} from '@pc/contracts';
import { createServiceDataSource, Database, DomainError, DurableEventsClient } from '@pc/platform';
import { createHash } from 'node:crypto';
import { contentDigest, SourceHostError, type SourceHost, type TreeEntry } from '@pc/source-host';
import { createTestDatabase, type TestDatabase, testBus } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { rulesetsDatabase } from '../database/rulesets.datasource';
import { DocTabsRepository } from '../docs/doc-tabs.repository';
import { HistoryRepository } from '../history/history.repository';
import type { IdeasClient } from '../ideas/ideas.client';
import { OutboxRelay } from '../outbox/outbox.relay';
import { OutboxRepository } from '../outbox/outbox.repository';
import { ReviewService } from '../review/review.service';
import { RulesetsRepository } from '../rulesets/rulesets.repository';
import { RulesetInspector } from '../validation/ruleset-inspector';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

const OWNER: UserCaller = {
  kind: 'user',
  userId: '00000000-0000-4000-8000-00000000000a',
  isAdmin: false,
  scopes: ['api:read', 'api:write'],
  via: 'token',
};
const ADMIN: UserCaller = { ...OWNER, userId: '00000000-0000-4000-8000-00000000000b', isAdmin: true };
const as = (caller: UserCaller): RequestContext => ({ requestId: 'spec', caller });
const PROFILE = `#%Validation Profile 1.0
profile: Spec Rules
violation: [a]
validations:
  a:
    targetClass: apiContract.Operation
`;

/**
 * Repositories in memory, behind the adapter's interface: `<web>/o/<name>`, branch `main`, whose commit
 * is a hash of the files (a push changes it).
 */
class MemorySourceHost implements Partial<SourceHost> {
  readonly repos = new Map<string, Record<string, string>>();

  commitOf(name: string): string {
    return createHash('sha1')
      .update(JSON.stringify(this.repos.get(name)))
      .digest('hex');
  }
  resolveRef(repo: { name: string }): Promise<string> {
    return Promise.resolve(this.commitOf(repo.name));
  }
  contentDigest(repo: { name: string }): Promise<{ commit: string; digest: string }> {
    const files = Object.entries(this.repos.get(repo.name)!).map(([path, text]) => ({
      path,
      mode: '100644',
      sha: createHash('sha1').update(text).digest('hex'),
    }));
    return Promise.resolve({ commit: this.commitOf(repo.name), digest: contentDigest(files) });
  }

  parseRepositoryUrl(url: string) {
    const name = url.split('/').pop() ?? '';
    return { owner: 'o', name, webUrl: url, cloneUrl: `${url}.git` };
  }
  getRepository(repo: { name: string }) {
    if (!this.repos.has(repo.name)) return Promise.reject(new SourceHostError('not_found', 'gone'));
    return Promise.resolve({
      owner: 'o',
      name: repo.name,
      fullName: `o/${repo.name}`,
      description: null,
      defaultBranch: 'main',
      visibility: 'public' as const,
      hasIssues: true,
      archived: false,
      webUrl: '',
      cloneUrl: '',
    });
  }
  readTree(repo: { name: string }): Promise<TreeEntry[]> {
    return Promise.resolve(
      Object.keys(this.repos.get(repo.name)!).map((path) => ({ path, type: 'file' as const, sha: path })),
    );
  }
  readFile(repo: { name: string }, path: string): Promise<Buffer> {
    return Promise.resolve(Buffer.from(this.repos.get(repo.name)![path]));
  }
}

/** The catalog's side of ideas, kept in memory: approved ideas, and what each ruleset declares. */
class MemoryIdeas implements Pick<IdeasClient, 'check' | 'declare' | 'deliver' | 'deliveries'> {
  readonly approved = new Set<string>();
  readonly declared = new Map<string, string[]>();
  check(_ctx: RequestContext, ideas: IdeaDeclaration[]): Promise<void> {
    const bad = ideas.find((i) => !this.approved.has(i.ideaId));
    return bad ? Promise.reject(new DomainError('UNPROCESSABLE', 'not approved')) : Promise.resolve();
  }
  declare(ctx: RequestContext, rulesetId: string, ideas: IdeaDeclaration[]): Promise<void> {
    return this.check(ctx, ideas).then(() => {
      this.declared.set(
        rulesetId,
        ideas.map((i) => i.ideaId),
      );
    });
  }
  deliver(): Promise<void> {
    return Promise.resolve();
  }
  deliveries(): Promise<Map<string, never[]>> {
    return Promise.resolve(new Map());
  }
}

/** The rules of PATCH /ruleset-submissions/{id}, on the real schema. */
describe('ruleset submission edits (service level, PostgreSQL)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let host: MemorySourceHost;
  let ideas: MemoryIdeas;
  let submissions: SubmissionsService;
  let review: ReviewService;
  let events: DurableEventsClient;
  let rulesets: RulesetsRepository;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({ ...rulesetsDatabase, url: db.url, poolSize: 2 });
    await dataSource.initialize();
    host = new MemorySourceHost();
    ideas = new MemoryIdeas();
    const repos = {
      submissions: new SubmissionsRepository(dataSource),
      rulesets: new RulesetsRepository(dataSource),
      tabs: new DocTabsRepository(dataSource),
      history: new HistoryRepository(dataSource),
    };
    rulesets = repos.rulesets;
    const client = ideas as unknown as IdeasClient;
    const inspector = new RulesetInspector(host as unknown as SourceHost);
    submissions = new SubmissionsService(
      repos.submissions,
      repos.rulesets,
      repos.tabs,
      repos.history,
      client,
      inspector,
      dataSource,
    );
    const outbox = new OutboxRepository(new Database(dataSource));
    events = new DurableEventsClient(testBus('in-process'), 'rulesets');
    review = new ReviewService(
      repos.submissions,
      repos.rulesets,
      repos.tabs,
      repos.history,
      client,
      dataSource,
      outbox,
      new OutboxRelay(outbox, events),
    );
  });

  afterAll(async () => {
    await events?.onApplicationShutdown();
    await dataSource?.destroy();
    await db?.drop();
  });

  function repo(files: Record<string, string> = { 'ruleset.yaml': PROFILE }): string {
    const name = `repo-${++n}`;
    host.repos.set(name, files);
    return `https://source-host.example/o/${name}`;
  }

  async function submitted(extra: Partial<RulesetSubmissionInput> = {}) {
    const { submission } = await submissions.create(as(OWNER), {
      name: `Spec ${++n}`,
      description: 'A ruleset for the spec.',
      repoUrl: repo(),
      ...extra,
    });
    return submission;
  }

  async function needsImprovement(extra: Partial<RulesetSubmissionInput> = {}) {
    const s = await submitted(extra);
    await review.requestImprovement(as(ADMIN), { id: s.id, feedback: 'More.' });
    return s;
  }

  const code = async (p: Promise<unknown>): Promise<string> =>
    p.then(
      () => 'ok',
      (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
    );

  it('refuses content edits by the owner while under review (403), not by an administrator', async () => {
    const s = await submitted();
    expect(await code(submissions.update(as(OWNER), { id: s.id, name: 'New name' }))).toBe('FORBIDDEN');
    expect(await code(submissions.update(as(ADMIN), { id: s.id, name: 'New name' }))).toBe('ok');
  });

  it('lets the owner replace declared ideas alone while under review, without resubmitting', async () => {
    ideas.approved.add('11111111-1111-4111-8111-111111111111');
    const s = await submitted();
    const { submission } = await submissions.update(as(OWNER), {
      id: s.id,
      deliversIdeaIds: [{ ideaId: '11111111-1111-4111-8111-111111111111' }],
    });
    expect(submission).toMatchObject({ status: 'submitted', revision_count: 0 });
    expect(ideas.declared.get(s.ruleset_id)).toEqual(['11111111-1111-4111-8111-111111111111']);
  });

  it('keeps the declared ideas when the edit is refused', async () => {
    const idea = '22222222-2222-4222-8222-222222222222';
    ideas.approved.add(idea);
    const s = await submitted({ deliversIdeaIds: [{ ideaId: idea }] });
    expect(
      await code(submissions.update(as(OWNER), { id: s.id, name: 'Renamed', deliversIdeaIds: [] })),
    ).toBe('FORBIDDEN');
    expect(
      await code(submissions.update(as(OWNER), { id: s.id, deliversIdeaIds: [{ ideaId: 'unapproved' }] })),
    ).toBe('UNPROCESSABLE');
    expect(ideas.declared.get(s.ruleset_id)).toEqual([idea]);
  });

  it('keeps a needs_improvement submission there until resubmit, counting revisions with the previous snapshot', async () => {
    const s = await needsImprovement({ tags: ['a'] });
    const edited = await submissions.update(as(OWNER), { id: s.id, tags: ['b'], category: 'Security' });
    expect(edited.submission).toMatchObject({ status: 'needs_improvement', revision_count: 1, tags: ['b'] });
    expect(edited.submission.previous_snapshot).toMatchObject({ tags: ['a'], category: 'Other' });
    const again = await submissions.update(as(OWNER), { id: s.id, resubmit: true });
    expect(again.submission).toMatchObject({ status: 'submitted', revision_count: 1 });
    const { entries } = await submissions.historyOf(as(OWNER), s.id);
    expect(entries.map((e) => [e.action, e.revision_count])).toEqual([
      ['resubmitted', 1],
      ['edited', 1],
      ['needs_improvement', 0],
      ['submitted', 0],
    ]);
  });

  it('writes nothing for an edit that changes nothing (resubmit of a waiting submission)', async () => {
    const s = await submitted();
    const { submission } = await submissions.update(as(OWNER), { id: s.id, resubmit: true });
    expect(submission).toMatchObject({ status: 'submitted', revision_count: 0, updated_at: s.updated_at });
    expect((await submissions.historyOf(as(OWNER), s.id)).entries.map((e) => e.action)).toEqual([
      'submitted',
    ]);
  });

  it('clears optional fields with an empty string; iconDisabled wins over iconUrl', async () => {
    const s = await needsImprovement({
      videoTutorialUrl: 'https://v.example/1',
      registryAssetId: 'asset',
      rulesetPath: 'ruleset.yaml',
    });
    const { submission } = await submissions.update(as(OWNER), {
      id: s.id,
      videoTutorialUrl: '',
      registryAssetId: '',
      iconUrl: 'https://i.example/x.png',
      iconDisabled: true,
    });
    expect(submission).toMatchObject({ video_tutorial_url: null, registry_asset_id: null, icon_url: null });
  });

  it('replaces the staged tabs, adding the missing predefined ones', async () => {
    const s = await needsImprovement({ docTabs: [{ key: 'custom', title: 'C', bodyMd: 'c' }] });
    await submissions.update(as(OWNER), { id: s.id, docTabs: [{ key: 'faq', title: '', bodyMd: 'q' }] });
    const { docTabs } = await submissions.get(as(OWNER), s.id);
    expect(docTabs.map((t) => t.key)).toEqual(['overview', 'rules', 'examples', 'faq']);
    expect(docTabs[0].bodyMd).toBe('A ruleset for the spec.');
  });

  it('reopens an approved submission on an edit; refuses ideas then (409); a rejected one is final (409)', async () => {
    const s = await submitted();
    await review.approve(as(ADMIN), { id: s.id });
    expect(await code(submissions.update(as(OWNER), { id: s.id, deliversIdeaIds: [] }))).toBe('CONFLICT');
    const reopened = await submissions.update(as(OWNER), { id: s.id, description: 'An update for review.' });
    expect(reopened.submission.status).toBe('submitted');
    const r = await submitted();
    await review.reject(as(ADMIN), { id: r.id, feedback: 'No.' });
    expect(await code(submissions.update(as(OWNER), { id: r.id, resubmit: true }))).toBe('CONFLICT');
  });

  it('writes each decision to the outbox for its author, and an approval as a new version, once', async () => {
    const written = async (submissionId: string) =>
      dataSource.query<Array<{ pattern: string; payload: Record<string, unknown> }>>(
        `SELECT pattern, payload FROM rulesets.outbox WHERE payload->>'submission_id' = $1 ORDER BY created_at`,
        [submissionId],
      );
    const improved = await needsImprovement();
    const approved = await submitted();
    await review.approve(as(ADMIN), { id: approved.id, feedback: 'Good.' });
    const rejected = await submitted();
    await review.reject(as(ADMIN), { id: rejected.id });
    expect(await written(improved.id)).toEqual([
      {
        pattern: 'rulesets.review.decided.v1',
        payload: expect.objectContaining({
          decision: 'needs_improvement',
          author_id: OWNER.userId,
          ruleset_id: improved.ruleset_id,
          feedback: 'More.',
        }),
      },
    ]);
    expect((await written(approved.id)).map((e) => [e.pattern, e.payload.decision])).toEqual([
      ['rulesets.review.decided.v1', 'approved'],
      ['rulesets.ruleset.version-published.v1', undefined],
    ]);
    expect((await written(rejected.id)).map((e) => e.payload.decision)).toEqual(['rejected']);
    // A decision refused (already decided) writes nothing.
    expect(await code(review.reject(as(ADMIN), { id: rejected.id }))).toBe('CONFLICT');
    expect(await written(rejected.id)).toHaveLength(1);
  });

  it('validates a changed repository again and refuses a broken one with the report (422)', async () => {
    const s = await needsImprovement();
    const broken = repo({ 'ruleset.yaml': 'profile: nope\n' });
    const error = await submissions.update(as(OWNER), { id: s.id, repoUrl: broken }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('RULESETS.VALIDATION_FAILED');
    expect((error as DomainError).extra?.validation).toMatchObject({ ok: false });
    const gone = await submissions
      .update(as(OWNER), { id: s.id, repoUrl: 'https://source-host.example/o/missing' })
      .catch((e: unknown) => e);
    expect((gone as DomainError).details).toEqual([
      { field: 'repoUrl', message: 'repoUrl: the repository does not exist' },
    ]);
  });

  it('records the commit and content digest validation read; approval pins them with the reviewer', async () => {
    const s = await submitted();
    const name = s.source_url.split('/').pop()!;
    expect(s).toMatchObject({
      source_commit: host.commitOf(name),
      content_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect((await rulesets.findById(s.ruleset_id))?.pinned_commit).toBeNull();
    await review.approve(as(ADMIN), { id: s.id });
    const pinned = await rulesets.findById(s.ruleset_id);
    expect(pinned).toMatchObject({
      pinned_commit: s.source_commit,
      pinned_content_digest: s.content_digest,
      pinned_by: ADMIN.userId,
      pinned_how: 'review',
    });
    expect(pinned?.pinned_at).toBeInstanceOf(Date);
  });

  it('validates a changed ref of an approved ruleset at its new commit; the pin moves only on approval', async () => {
    const s = await submitted();
    await review.approve(as(ADMIN), { id: s.id });
    const name = s.source_url.split('/').pop()!;
    host.repos.set(name, { 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules v2') });
    const edited = await submissions.update(as(OWNER), { id: s.id, sourceRef: 'main' });
    expect(edited.submission).toMatchObject({ status: 'submitted', source_commit: host.commitOf(name) });
    expect(edited.submission.source_commit).not.toBe(s.source_commit);
    const { rulesetSubmissions } = await review.queue(as(ADMIN));
    expect(rulesetSubmissions.find((q) => q.id === s.id)?.source_commit).toBe(host.commitOf(name));
    // Until approved, the published ruleset and its pin are what was reviewed before.
    expect((await rulesets.findById(s.ruleset_id))?.pinned_commit).toBe(s.source_commit);
    await review.approve(as(ADMIN), { id: s.id });
    expect(await rulesets.findById(s.ruleset_id)).toMatchObject({
      pinned_commit: host.commitOf(name),
      pinned_content_digest: edited.submission.content_digest,
    });
  });

  it('keeps the pinned commit when an approved edit does not touch the repository', async () => {
    const s = await submitted();
    await review.approve(as(ADMIN), { id: s.id });
    const name = s.source_url.split('/').pop()!;
    host.repos.set(name, { 'ruleset.yaml': `${PROFILE}# pushed after the review\n` });
    const edited = await submissions.update(as(OWNER), { id: s.id, description: 'Better words.' });
    expect(edited.submission.source_commit).toBe(s.source_commit);
    await review.approve(as(ADMIN), { id: s.id });
    expect((await rulesets.findById(s.ruleset_id))?.pinned_commit).toBe(s.source_commit);
  });

  it('hides a submission from anyone but its owner and administrators (404)', async () => {
    const s = await submitted();
    const stranger: UserCaller = { ...OWNER, userId: '00000000-0000-4000-8000-00000000000c' };
    expect(await code(submissions.get(as(stranger), s.id))).toBe('NOT_FOUND');
    expect(await code(submissions.update(as(stranger), { id: s.id, resubmit: true }))).toBe('NOT_FOUND');
    expect(await code(submissions.get(as(ADMIN), s.id))).toBe('ok');
  });
});
