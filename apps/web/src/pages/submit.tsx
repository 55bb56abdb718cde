// Submitting a listing (a policy at /submit, a ruleset at /submit/ruleset): validate the repository
// first (every finding shown, each with where it is), then submit it with its documentation tabs, its
// kind's own fields and the ideas it delivers. Written once: a kind says what its repository step asks,
// what its validation found, what it fills in from it, its own details and where a submission goes.
import {
  POLICY_CATEGORY_MAX,
  POLICY_DESCRIPTION,
  POLICY_NAME,
  RULESET_CATEGORIES,
  RULESET_LIMITS as L,
  SOURCE_REF,
  TARGET_SCOPES,
} from '@pc/contracts';
import { type ComponentType, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { type DocTabDraft, splitList } from '../doc-tabs-editor';
import { Link, navigate } from '../router';
import {
  type Details,
  DetailsStep,
  fieldErrorOf,
  Findings,
  type LengthLimit,
  RepositoryStep,
} from '../submission-form';
import { useAction } from '../ui/async';
import { severityCounts } from '../ui/display';
import { CheckboxSet, type FieldMessage, SelectField, TextField } from '../ui/fields';
import { Page } from '../ui/page';

type FieldError = (field: string) => FieldMessage | undefined;
/** A step's fields: its values, a change to some of them, and the API's message for a field. */
type FieldsProps<T> = { value: T; change: (patch: Partial<T>) => void; error: FieldError };
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** A text field's value, its change and the API's message, bound to one string field of a step. */
function text<T>(step: FieldsProps<T>, name: TextKey<T>) {
  return {
    value: step.value[name] as string,
    onChange: (e: { target: { value: string } }) => step.change({ [name]: e.target.value } as Partial<T>),
    error: step.error(name),
  };
}

/** A kind's submission form: `Repo` its repository step, `V` its validation, `D` its details. */
interface SubmitKind<
  Repo,
  V extends { ok: boolean; errors: string[]; warnings: string[] },
  D extends Details,
> {
  title: string;
  /** The page's action: where else the author may go. */
  action: { to: string; label: string };
  what: 'policy' | 'ruleset';
  repo: Repo;
  /** False while a required repository field is empty. */
  ready(repo: Repo): boolean;
  validateLabel: string;
  validate(repo: Repo): Promise<V>;
  RepositoryFields: ComponentType<FieldsProps<Repo>>;
  Findings: ComponentType<{ validation: V }>;
  /** The form's labels of the fields a finding or an API error may name. */
  repoLabels: Record<string, string>;
  /** The labels of the kind's own details (the ones every kind has are in DETAIL_LABELS). */
  detailLabels: Record<string, string>;
  details: D;
  tabs: DocTabDraft[];
  /** The details once `validation` read the repository; `last` is the validation before it, if any. */
  prefill(details: D, validation: V, last: V | null): D;
  limits: { name: LengthLimit; description: LengthLimit };
  descriptionHint: string;
  DetailFields: ComponentType<FieldsProps<D>>;
  submitLabel: string;
  /** Submits; answers the page that shows the new submission. */
  submit(repo: Repo, details: D, tabs: DocTabDraft[]): Promise<string>;
}

/** The form's labels of the details every kind has, which an API error may name. */
const DETAIL_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  docTabs: 'Documentation tabs',
  deliversIdeaIds: 'Delivered ideas',
};

/** The ideas a submission delivers, when it names any. */
const ideasOf = (details: Details): string[] | undefined => {
  const ideas = splitList(details.ideas);
  return ideas.length ? ideas : undefined;
};

type Validation = Schemas['SubmissionValidationDto'];
type AssetKind = Schemas['PolicyDto']['asset_kinds'][number];
type PolicyRepo = {
  projectType: 'unified' | 'split';
  sourceHostUrl: string;
  implementationSourceHostUrl: string;
  sourceRef: string;
};
type PolicyDetails = Details & {
  category: string;
  direction: 'inbound' | 'outbound';
  assetKinds: AssetKind[];
};

const KINDS: AssetKind[] = ['api', 'agent', 'llm', 'mcp'];

/** The form's labels of the fields a validation finding may name (`sourceHostUrl: …`). */
const REPO_LABELS: Record<string, string> = {
  sourceHostUrl: 'Repository URL',
  implementationSourceHostUrl: 'Implementation repository URL',
  sourceRef: 'Branch or tag',
  projectType: 'Project type',
};

/** The facts a policy repository's validation read. */
function PolicyFindings({ validation }: { validation: Validation }) {
  return (
    <Findings subject="repository" validation={validation} labels={REPO_LABELS}>
      <dt>Project type</dt>
      <dd>{validation.projectType}</dd>
      {validation.definition ? (
        <>
          <dt>Definition</dt>
          <dd>
            {validation.definition.title ?? validation.definition.name ?? '–'} (
            <code>{validation.definition.path}</code>)
          </dd>
          <dt>Category</dt>
          <dd>{validation.definition.category ?? '–'}</dd>
        </>
      ) : null}
      <dt>Version</dt>
      <dd>{validation.version ?? '–'}</dd>
      <dt>Default branch</dt>
      <dd>{validation.defaultBranch ?? '–'}</dd>
      {validation.commit ? (
        <>
          <dt>Commit</dt>
          <dd>
            <code>{validation.commit.slice(0, 12)}</code>
          </dd>
        </>
      ) : null}
      {validation.commit ? (
        <>
          <dt>Issues enabled</dt>
          <dd>{validation.hasIssues === null ? 'unknown' : validation.hasIssues ? 'yes' : 'no'}</dd>
        </>
      ) : null}
      {validation.ok ? (
        <>
          <dt>Asset kinds</dt>
          <dd>{validation.assetKinds.join(', ') || '–'}</dd>
        </>
      ) : null}
    </Findings>
  );
}

const POLICY: SubmitKind<PolicyRepo, Validation, PolicyDetails> = {
  title: 'Submit a policy',
  action: { to: '/submit/ruleset', label: 'Submit a ruleset instead' },
  what: 'policy',
  repo: { projectType: 'unified', sourceHostUrl: '', implementationSourceHostUrl: '', sourceRef: '' },
  ready: (repo) => repo.sourceHostUrl.trim() !== '',
  validateLabel: 'Validate repository',
  validate: async (repo) =>
    (
      await ok(
        api.POST('/api/submissions/validate', {
          body: {
            projectType: repo.projectType,
            sourceHostUrl: repo.sourceHostUrl.trim(),
            implementationSourceHostUrl:
              repo.projectType === 'split' ? repo.implementationSourceHostUrl.trim() : undefined,
          },
        }),
      )
    ).validation,
  RepositoryFields: (step) => (
    <>
      <SelectField
        label="Project type"
        value={step.value.projectType}
        onChange={(e) => step.change({ projectType: e.target.value as 'unified' | 'split' })}
        options={[
          ['unified', 'Unified: definition and implementation in one repository'],
          ['split', 'Split: a definition and an implementation repository'],
        ]}
      />
      <TextField
        label={step.value.projectType === 'split' ? 'Definition repository URL' : 'Repository URL'}
        type="url"
        required
        hint="A repository on the source host, e.g. https://source-host.example/owner/name."
        {...text(step, 'sourceHostUrl')}
      />
      {step.value.projectType === 'split' ? (
        <TextField
          label="Implementation repository URL"
          type="url"
          required
          {...text(step, 'implementationSourceHostUrl')}
        />
      ) : null}
      <TextField
        label="Branch or tag (optional)"
        hint="Leave empty for the default branch."
        maxLength={SOURCE_REF.max}
        {...text(step, 'sourceRef')}
      />
    </>
  ),
  Findings: PolicyFindings,
  repoLabels: REPO_LABELS,
  detailLabels: { direction: 'Direction', assetKinds: 'Asset kinds' },
  details: { name: '', description: '', category: '', direction: 'inbound', ideas: '', assetKinds: [] },
  tabs: [],
  // What the author typed stays; an empty field takes the definition's.
  prefill: (details, validation) => ({
    ...details,
    name: details.name || validation.definition?.title || validation.definition?.name || '',
    description: details.description || validation.definition?.description || '',
    category: details.category || validation.definition?.category || '',
    assetKinds: validation.assetKinds,
  }),
  limits: { name: POLICY_NAME, description: POLICY_DESCRIPTION },
  descriptionHint: ': what it does and when to use it.',
  DetailFields: (step) => (
    <>
      <TextField label="Category" maxLength={POLICY_CATEGORY_MAX} {...text(step, 'category')} />
      <SelectField
        label="Direction"
        value={step.value.direction}
        onChange={(e) => step.change({ direction: e.target.value as 'inbound' | 'outbound' })}
        options={[
          ['inbound', 'Inbound'],
          ['outbound', 'Outbound'],
        ]}
      />
      <CheckboxSet
        legend="Asset kinds"
        options={KINDS}
        value={step.value.assetKinds}
        onChange={(assetKinds) => step.change({ assetKinds })}
      />
    </>
  ),
  submitLabel: 'Submit for review',
  async submit(repo, details, tabs) {
    const { submission } = await ok(
      api.POST('/api/submissions', {
        body: {
          name: details.name.trim(),
          description: details.description.trim(),
          sourceHostUrl: repo.sourceHostUrl.trim(),
          projectType: repo.projectType,
          implementationSourceHostUrl:
            repo.projectType === 'split' ? repo.implementationSourceHostUrl.trim() : undefined,
          sourceRef: repo.sourceRef.trim() || undefined,
          category: details.category.trim() || undefined,
          direction: details.direction,
          assetKinds: details.assetKinds.length ? details.assetKinds : undefined,
          docTabs: tabs.length ? tabs.map((t, i) => ({ ...t, sortOrder: i })) : undefined,
          deliversIdeaIds: ideasOf(details),
        },
      }),
    );
    return `/submissions?submitted=${submission.id}`;
  },
};

type RulesetValidation = Schemas['RulesetValidationDto'];
type Create = Schemas['CreateRulesetSubmissionDto'];
type Category = NonNullable<Create['category']>;
type Scope = RulesetValidation['targetScopes'][number];
type RulesetRepo = { repoUrl: string; ref: string; rulesetPath: string };
type RulesetDetails = Details & { category: Category; tags: string; targetScopes: Scope[] };

/** The form's labels of the fields a finding or an API error may name. */
const RULESET_REPO_LABELS: Record<string, string> = {
  repoUrl: 'Repository URL',
  ref: 'Branch, tag or commit',
  sourceRef: 'Branch, tag or commit',
  rulesetPath: 'Profile file',
};

/** The name and description a ruleset repository's validation found. */
const foundIn = (validation: RulesetValidation | null) => ({
  name: validation?.registry?.name || validation?.profile?.profileName || '',
  description: validation?.registry?.description || validation?.profile?.description || '',
});

/** The facts a ruleset repository's validation read. */
function RulesetFindings({ validation: v }: { validation: RulesetValidation }) {
  const counts = v.profile?.ruleCounts;
  return (
    <Findings subject="ruleset" validation={v} labels={RULESET_REPO_LABELS}>
      <dt>Ref</dt>
      <dd>{v.ref ?? 'default branch'}</dd>
      {v.subPath ? (
        <>
          <dt>Folder</dt>
          <dd>
            <code>{v.subPath}</code>
          </dd>
        </>
      ) : null}
      <dt>Profile file</dt>
      <dd>
        {v.rulesetPath ? <code>{v.rulesetPath}</code> : '–'}
        {v.rulesetPathSource ? ` (${v.rulesetPathSource})` : ''}
      </dd>
      {v.profile ? (
        <>
          <dt>Profile</dt>
          <dd>{v.profile.profileName ?? '–'}</dd>
          <dt>Rules</dt>
          <dd>
            {counts ? severityCounts(counts) : '–'}
            {v.profile.ruleNames.length ? (
              <>
                : <code>{v.profile.ruleNames.join(', ')}</code>
              </>
            ) : null}
          </dd>
          <dt>Dialect</dt>
          <dd>{v.profile.dialectVersion ?? '–'}</dd>
        </>
      ) : null}
      <dt>Registry asset</dt>
      <dd>{v.registry?.assetId ?? '–'}</dd>
      <dt>Target scopes</dt>
      <dd>{v.targetScopes.join(', ') || '–'}</dd>
      <dt>Icon</dt>
      <dd>{v.iconUrl ? 'found at the root' : 'none (the default icon)'}</dd>
    </Findings>
  );
}

const RULESET: SubmitKind<RulesetRepo, RulesetValidation, RulesetDetails> = {
  title: 'Submit a ruleset',
  action: { to: '/ruleset-submissions', label: 'My ruleset submissions' },
  what: 'ruleset',
  repo: { repoUrl: '', ref: '', rulesetPath: '' },
  ready: (repo) => repo.repoUrl.trim() !== '',
  validateLabel: 'Validate ruleset',
  validate: async (repo) =>
    (
      await ok(
        api.POST('/api/ruleset-submissions/validate', {
          body: {
            repoUrl: repo.repoUrl.trim(),
            ref: repo.ref.trim() || undefined,
            rulesetPath: repo.rulesetPath.trim() || undefined,
          },
        }),
      )
    ).validation,
  RepositoryFields: (step) => (
    <>
      <TextField
        label="Repository URL"
        type="url"
        required
        maxLength={L.url.max}
        hint="A public repository; a …/tree/<ref>/<folder> URL uses that folder as the ruleset root."
        {...text(step, 'repoUrl')}
      />
      <TextField
        label="Branch, tag or commit (optional)"
        hint="Leave empty for the URL's ref, else the default branch."
        maxLength={L.sourceRef.max}
        {...text(step, 'ref')}
      />
      <TextField
        label="Profile file (optional)"
        hint="Relative to the ruleset root; leave empty to find it (registry.json, then the usual names)."
        maxLength={L.rulesetPath.max}
        {...text(step, 'rulesetPath')}
      />
    </>
  ),
  Findings: RulesetFindings,
  repoLabels: RULESET_REPO_LABELS,
  detailLabels: { targetScopes: 'Target scopes', tags: 'Tags' },
  details: { name: '', description: '', category: 'Other', tags: '', ideas: '', targetScopes: [] },
  // The predefined tabs, empty: the author fills what they have (a blank overview keeps the description).
  tabs: [
    { key: 'overview', title: 'Overview', bodyMd: '' },
    { key: 'rules', title: 'Rules', bodyMd: '' },
    { key: 'examples', title: 'Examples', bodyMd: '' },
    { key: 'faq', title: 'FAQ', bodyMd: '' },
  ],
  // Another repository's name and description replace the ones the last one filled in; what the author
  // typed stays.
  prefill(details, validation, last) {
    const found = foundIn(validation);
    const prefilled = foundIn(last);
    return {
      ...details,
      name: details.name === '' || details.name === prefilled.name ? found.name : details.name,
      description:
        details.description === '' || details.description === prefilled.description
          ? found.description
          : details.description,
      targetScopes: validation.targetScopes,
    };
  },
  limits: L,
  descriptionHint: ' of Markdown: what it checks and why.',
  DetailFields: (step) => (
    <>
      <SelectField
        label="Category"
        value={step.value.category}
        onChange={(e) => step.change({ category: e.target.value as Category })}
        options={RULESET_CATEGORIES.map((c) => [c, c])}
        error={step.error('category')}
      />
      <CheckboxSet
        legend="Target scopes"
        hint="Preset from what the profile targets."
        options={TARGET_SCOPES}
        value={step.value.targetScopes}
        onChange={(targetScopes) => step.change({ targetScopes })}
      />
      <TextField
        label="Tags (optional)"
        hint={`Separated by commas; up to ${L.tags.maxItems}, each up to ${L.tags.maxLength} characters.`}
        {...text(step, 'tags')}
      />
    </>
  ),
  submitLabel: 'Submit ruleset for review',
  async submit(repo, details, tabs) {
    const tags = details.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const { submission } = await ok(
      api.POST('/api/ruleset-submissions', {
        body: {
          name: details.name.trim(),
          description: details.description.trim(),
          repoUrl: repo.repoUrl.trim(),
          sourceRef: repo.ref.trim() || undefined,
          rulesetPath: repo.rulesetPath.trim() || undefined,
          category: details.category,
          targetScopes: details.targetScopes.length ? details.targetScopes : undefined,
          tags: tags.length ? tags : undefined,
          docTabs: tabs.map((t, i) => ({ ...t, sortOrder: i })),
          deliversIdeaIds: ideasOf(details),
        },
      }),
    );
    return `/ruleset-submissions?submitted=${submission.id}`;
  },
};

function SubmitListing<
  Repo,
  V extends { ok: boolean; errors: string[]; warnings: string[] },
  D extends Details,
>({ kind }: { kind: SubmitKind<Repo, V, D> }) {
  const [repo, setRepo] = useState(kind.repo);
  const [validation, setValidation] = useState<V | null>(null);
  /** The last validation that answered, kept across repository changes (what it filled in may be replaced). */
  const [last, setLast] = useState<V | null>(null);
  /** A changed repository needs a new validation before it can be submitted. */
  const changeRepo = (patch: Partial<Repo>) => {
    setRepo({ ...repo, ...patch });
    setValidation(null);
  };
  const [details, setDetails] = useState(kind.details);
  const [tabs, setTabs] = useState(kind.tabs);

  const validate = useAction(async () => {
    setValidation(null);
    const found = await kind.validate(repo);
    setValidation(found);
    setDetails((d) => kind.prefill(d, found, last));
    setLast(found);
  });

  const submit = useAction(async () => navigate(await kind.submit(repo, details, tabs)));

  const { RepositoryFields, Findings: KindFindings, DetailFields } = kind;
  return (
    <Page
      title={kind.title}
      actions={
        <Link className="button secondary" to={kind.action.to}>
          {kind.action.label}
        </Link>
      }
    >
      <RepositoryStep
        validate={validate}
        ready={kind.ready(repo)}
        labels={kind.repoLabels}
        buttonLabel={kind.validateLabel}
      >
        <RepositoryFields value={repo} change={changeRepo} error={fieldErrorOf(validate.error)} />
      </RepositoryStep>
      {validation ? <KindFindings validation={validation} /> : null}
      <DetailsStep
        validation={validation}
        what={kind.what}
        limits={kind.limits}
        descriptionHint={kind.descriptionHint}
        details={details}
        onDetails={setDetails}
        tabs={tabs}
        onTabs={setTabs}
        submit={submit}
        labels={{ ...kind.repoLabels, ...DETAIL_LABELS, ...kind.detailLabels }}
        submitLabel={kind.submitLabel}
      >
        <DetailFields
          value={details}
          change={(patch) => setDetails({ ...details, ...patch })}
          error={fieldErrorOf(submit.error)}
        />
      </DetailsStep>
    </Page>
  );
}

export const SubmitPolicy = () => <SubmitListing kind={POLICY} />;
export const SubmitRuleset = () => <SubmitListing kind={RULESET} />;
