// Submitting a ruleset: validate the repository first (every finding shown, each with where it is),
// then submit it with its documentation tabs, scopes, tags and the ideas it delivers.
import { RULESET_CATEGORIES, RULESET_LIMITS as L, TARGET_SCOPES } from '@pc/contracts';
import { useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { type DocTabDraft, splitList } from '../doc-tabs-editor';
import { Link, navigate } from '../router';
import { DetailsStep, fieldErrorOf, Findings, RepositoryStep } from '../submission-form';
import { CheckboxSet, Page, SelectField, severityCounts, TextField, useAction } from '../ui';

type Validation = Schemas['RulesetValidationDto'];
type Create = Schemas['CreateRulesetSubmissionDto'];
type Category = NonNullable<Create['category']>;
type Scope = Validation['targetScopes'][number];

/** The form's labels of the fields a finding or an API error may name. */
const REPO_LABELS: Record<string, string> = {
  repoUrl: 'Repository URL',
  ref: 'Branch, tag or commit',
  sourceRef: 'Branch, tag or commit',
  rulesetPath: 'Profile file',
};
const DETAIL_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  targetScopes: 'Target scopes',
  tags: 'Tags',
  docTabs: 'Documentation tabs',
  deliversIdeaIds: 'Delivered ideas',
};

/** The predefined tabs, empty: the author fills what they have (a blank overview keeps the description). */
const PREDEFINED: DocTabDraft[] = [
  { key: 'overview', title: 'Overview', bodyMd: '' },
  { key: 'rules', title: 'Rules', bodyMd: '' },
  { key: 'examples', title: 'Examples', bodyMd: '' },
  { key: 'faq', title: 'FAQ', bodyMd: '' },
];

/** The facts a ruleset repository's validation read. */
export function RulesetFindings({ validation: v }: { validation: Validation }) {
  const counts = v.profile?.ruleCounts;
  return (
    <Findings subject="ruleset" validation={v} labels={REPO_LABELS}>
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

export default function SubmitRuleset() {
  const [repo, setRepo] = useState({ repoUrl: '', ref: '', rulesetPath: '' });
  const [validation, setValidation] = useState<Validation | null>(null);
  /** A changed repository needs a new validation before it can be submitted. */
  const changeRepo = (patch: Partial<typeof repo>) => {
    setRepo({ ...repo, ...patch });
    setValidation(null);
  };
  const [form, setForm] = useState({
    name: '',
    description: '',
    category: 'Other' as Category,
    tags: '',
    ideas: '',
  });
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [tabs, setTabs] = useState<DocTabDraft[]>(PREDEFINED);
  /** What the last validation filled in: replaced by the next repository's, unless the author typed over it. */
  const [prefilled, setPrefilled] = useState({ name: '', description: '' });

  const validate = useAction(async () => {
    setValidation(null);
    const { validation } = await ok(
      api.POST('/api/ruleset-submissions/validate', {
        body: {
          repoUrl: repo.repoUrl.trim(),
          ref: repo.ref.trim() || undefined,
          rulesetPath: repo.rulesetPath.trim() || undefined,
        },
      }),
    );
    setValidation(validation);
    const found = {
      name: validation.registry?.name || validation.profile?.profileName || '',
      description: validation.registry?.description || validation.profile?.description || '',
    };
    // Another repository's name and description replace the ones the last one filled in; what the
    // author typed stays.
    setForm((f) => ({
      ...f,
      name: f.name === '' || f.name === prefilled.name ? found.name : f.name,
      description:
        f.description === '' || f.description === prefilled.description ? found.description : f.description,
    }));
    setPrefilled(found);
    setScopes(validation.targetScopes);
  });

  const submit = useAction(async () => {
    const ideas = splitList(form.ideas);
    const tags = form.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const { submission } = await ok(
      api.POST('/api/ruleset-submissions', {
        body: {
          name: form.name.trim(),
          description: form.description.trim(),
          repoUrl: repo.repoUrl.trim(),
          sourceRef: repo.ref.trim() || undefined,
          rulesetPath: repo.rulesetPath.trim() || undefined,
          category: form.category,
          targetScopes: scopes.length ? scopes : undefined,
          tags: tags.length ? tags : undefined,
          docTabs: tabs.map((t, i) => ({ ...t, sortOrder: i })),
          deliversIdeaIds: ideas.length ? ideas : undefined,
        },
      }),
    );
    navigate(`/ruleset-submissions?submitted=${submission.id}`);
  });

  const fieldError = fieldErrorOf(submit.error);
  const repoError = fieldErrorOf(validate.error);

  return (
    <Page
      title="Submit a ruleset"
      actions={
        <Link className="button secondary" to="/ruleset-submissions">
          My ruleset submissions
        </Link>
      }
    >
      <RepositoryStep
        validate={validate}
        ready={repo.repoUrl.trim() !== ''}
        labels={REPO_LABELS}
        buttonLabel="Validate ruleset"
      >
        <TextField
          label="Repository URL"
          type="url"
          required
          maxLength={L.url.max}
          hint="A public repository; a …/tree/<ref>/<folder> URL uses that folder as the ruleset root."
          value={repo.repoUrl}
          onChange={(e) => changeRepo({ repoUrl: e.target.value })}
          error={repoError('repoUrl')}
        />
        <TextField
          label="Branch, tag or commit (optional)"
          hint="Leave empty for the URL's ref, else the default branch."
          maxLength={L.sourceRef.max}
          value={repo.ref}
          onChange={(e) => changeRepo({ ref: e.target.value })}
          error={repoError('ref')}
        />
        <TextField
          label="Profile file (optional)"
          hint="Relative to the ruleset root; leave empty to find it (registry.json, then the usual names)."
          maxLength={L.rulesetPath.max}
          value={repo.rulesetPath}
          onChange={(e) => changeRepo({ rulesetPath: e.target.value })}
          error={repoError('rulesetPath')}
        />
      </RepositoryStep>
      {validation ? <RulesetFindings validation={validation} /> : null}
      <DetailsStep
        validation={validation}
        what="ruleset"
        limits={L}
        descriptionHint=" of Markdown: what it checks and why."
        details={form}
        onDetails={setForm}
        tabs={tabs}
        onTabs={setTabs}
        submit={submit}
        labels={{ ...REPO_LABELS, ...DETAIL_LABELS }}
        submitLabel="Submit ruleset for review"
      >
        <SelectField
          label="Category"
          value={form.category}
          onChange={(e) => setForm({ ...form, category: e.target.value as Category })}
          options={RULESET_CATEGORIES.map((c) => [c, c])}
          error={fieldError('category')}
        />
        <CheckboxSet
          legend="Target scopes"
          hint="Preset from what the profile targets."
          options={TARGET_SCOPES}
          value={scopes}
          onChange={setScopes}
        />
        <TextField
          label="Tags (optional)"
          hint={`Separated by commas; up to ${L.tags.maxItems}, each up to ${L.tags.maxLength} characters.`}
          value={form.tags}
          onChange={(e) => setForm({ ...form, tags: e.target.value })}
          error={fieldError('tags')}
        />
      </DetailsStep>
    </Page>
  );
}
