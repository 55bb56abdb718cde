// Submitting a policy: validate the repository first (every finding shown), then submit it with its
// documentation tabs and the ideas it delivers.
import { POLICY_CATEGORY_MAX, POLICY_DESCRIPTION, POLICY_NAME, SOURCE_REF } from '@pc/contracts';
import { useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { type DocTabDraft, splitList } from '../doc-tabs-editor';
import { Link, navigate } from '../router';
import { DetailsStep, fieldErrorOf, Findings, RepositoryStep } from '../submission-form';
import { CheckboxSet, Page, SelectField, TextField, useAction } from '../ui';

type Validation = Schemas['SubmissionValidationDto'];
type AssetKind = Schemas['PolicyDto']['asset_kinds'][number];

const KINDS: AssetKind[] = ['api', 'agent', 'llm', 'mcp'];

const DETAIL_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  direction: 'Direction',
  assetKinds: 'Asset kinds',
  docTabs: 'Documentation tabs',
  deliversIdeaIds: 'Delivered ideas',
};

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

export default function Submit() {
  const [repo, setRepo] = useState({
    projectType: 'unified' as 'unified' | 'split',
    sourceHostUrl: '',
    implementationSourceHostUrl: '',
    sourceRef: '',
  });
  const [validation, setValidation] = useState<Validation | null>(null);
  /** A changed repository needs a new validation before it can be submitted. */
  const changeRepo = (patch: Partial<typeof repo>) => {
    setRepo({ ...repo, ...patch });
    setValidation(null);
  };
  const [form, setForm] = useState({
    name: '',
    description: '',
    category: '',
    direction: 'inbound' as 'inbound' | 'outbound',
    ideas: '',
  });
  const [kinds, setKinds] = useState<AssetKind[]>([]);
  const [tabs, setTabs] = useState<DocTabDraft[]>([]);

  const validate = useAction(async () => {
    setValidation(null);
    const { validation } = await ok(
      api.POST('/api/submissions/validate', {
        body: {
          projectType: repo.projectType,
          sourceHostUrl: repo.sourceHostUrl.trim(),
          implementationSourceHostUrl:
            repo.projectType === 'split' ? repo.implementationSourceHostUrl.trim() : undefined,
        },
      }),
    );
    setValidation(validation);
    setForm((f) => ({
      ...f,
      name: f.name || validation.definition?.title || validation.definition?.name || '',
      description: f.description || validation.definition?.description || '',
      category: f.category || validation.definition?.category || '',
    }));
    setKinds(validation.assetKinds);
  });

  const submit = useAction(async () => {
    const ideas = splitList(form.ideas);
    const { submission } = await ok(
      api.POST('/api/submissions', {
        body: {
          name: form.name.trim(),
          description: form.description.trim(),
          sourceHostUrl: repo.sourceHostUrl.trim(),
          projectType: repo.projectType,
          implementationSourceHostUrl:
            repo.projectType === 'split' ? repo.implementationSourceHostUrl.trim() : undefined,
          sourceRef: repo.sourceRef.trim() || undefined,
          category: form.category.trim() || undefined,
          direction: form.direction,
          assetKinds: kinds.length ? kinds : undefined,
          docTabs: tabs.length ? tabs.map((t, i) => ({ ...t, sortOrder: i })) : undefined,
          deliversIdeaIds: ideas.length ? ideas : undefined,
        },
      }),
    );
    navigate(`/submissions?submitted=${submission.id}`);
  });

  const fieldError = fieldErrorOf(submit.error);
  const repoError = fieldErrorOf(validate.error);

  return (
    <Page
      title="Submit a policy"
      actions={
        <Link className="button secondary" to="/submit/ruleset">
          Submit a ruleset instead
        </Link>
      }
    >
      <RepositoryStep
        validate={validate}
        ready={repo.sourceHostUrl.trim() !== ''}
        labels={REPO_LABELS}
        buttonLabel="Validate repository"
      >
        <SelectField
          label="Project type"
          value={repo.projectType}
          onChange={(e) => changeRepo({ projectType: e.target.value as 'unified' | 'split' })}
          options={[
            ['unified', 'Unified: definition and implementation in one repository'],
            ['split', 'Split: a definition and an implementation repository'],
          ]}
        />
        <TextField
          label={repo.projectType === 'split' ? 'Definition repository URL' : 'Repository URL'}
          type="url"
          required
          hint="A repository on the source host, e.g. https://source-host.example/owner/name."
          value={repo.sourceHostUrl}
          onChange={(e) => changeRepo({ sourceHostUrl: e.target.value })}
          error={repoError('sourceHostUrl')}
        />
        {repo.projectType === 'split' ? (
          <TextField
            label="Implementation repository URL"
            type="url"
            required
            value={repo.implementationSourceHostUrl}
            onChange={(e) => changeRepo({ implementationSourceHostUrl: e.target.value })}
            error={repoError('implementationSourceHostUrl')}
          />
        ) : null}
        <TextField
          label="Branch or tag (optional)"
          hint="Leave empty for the default branch."
          maxLength={SOURCE_REF.max}
          value={repo.sourceRef}
          onChange={(e) => changeRepo({ sourceRef: e.target.value })}
          error={repoError('sourceRef')}
        />
      </RepositoryStep>
      {validation ? <PolicyFindings validation={validation} /> : null}
      <DetailsStep
        validation={validation}
        what="policy"
        limits={{ name: POLICY_NAME, description: POLICY_DESCRIPTION }}
        descriptionHint=": what it does and when to use it."
        details={form}
        onDetails={setForm}
        tabs={tabs}
        onTabs={setTabs}
        submit={submit}
        labels={{ ...REPO_LABELS, ...DETAIL_LABELS }}
        submitLabel="Submit for review"
      >
        <TextField
          label="Category"
          maxLength={POLICY_CATEGORY_MAX}
          value={form.category}
          onChange={(e) => setForm({ ...form, category: e.target.value })}
          error={fieldError('category')}
        />
        <SelectField
          label="Direction"
          value={form.direction}
          onChange={(e) => setForm({ ...form, direction: e.target.value as 'inbound' | 'outbound' })}
          options={[
            ['inbound', 'Inbound'],
            ['outbound', 'Outbound'],
          ]}
        />
        <CheckboxSet legend="Asset kinds" options={KINDS} value={kinds} onChange={setKinds} />
      </DetailsStep>
    </Page>
  );
}
