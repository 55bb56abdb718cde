import { useState } from 'react';
import { api, ok } from './api/client';
import type { components } from '@policy-catalog/sdk';
import { useAction } from './ui/async';
import { Badge, severityCounts } from './ui/display';
import { ActionForm, RadioSet, SubmitButton, TextArea, TextField } from './ui/fields';
import { ErrorMessage } from './ui/page';

type Report = components['schemas']['EvaluationReportDto'];
type Result = components['schemas']['EvaluationResultDto'];

/** The ruleset the panel evaluates: a community one by id, a vendor one by slug. */
export type EvaluatedRuleset = { id: string } | { slug: string };

/**
 * "Try on your API": paste or upload a specification, or name a repository and its main file; the
 * ruleset runs on it with the engine and the results are grouped by rule, each with the line it points
 * at (and, for a pasted document, that line's text).
 */
export function TryOnYourApi({
  ruleset,
  signedIn,
  evaluable = true,
}: {
  ruleset: EvaluatedRuleset;
  signedIn: boolean;
  /** False for a ruleset the engine cannot run (it governs MCP servers or agents): a note, no form. */
  evaluable?: boolean;
}) {
  const [source, setSource] = useState<'paste' | 'repository'>('paste');
  const [content, setContent] = useState('');
  const [filename, setFilename] = useState('api.yaml');
  const [repoUrl, setRepoUrl] = useState('');
  const [path, setPath] = useState('');
  const [report, setReport] = useState<{ report: Report; lines: string[] | null } | null>(null);
  const evaluate = useAction(async () => {
    const specification =
      source === 'paste' ? { content, filename } : { repoUrl: repoUrl.trim(), path: path.trim() };
    const body = { specification };
    const result =
      'id' in ruleset
        ? await ok(api.POST('/api/rulesets/{id}/evaluations', { params: { path: { id: ruleset.id } }, body }))
        : await ok(
            api.POST('/api/vendor-rulesets/{slug}/evaluations', {
              params: { path: { slug: ruleset.slug } },
              body,
            }),
          );
    setReport({ report: result, lines: source === 'paste' ? content.split(/\r?\n/) : null });
  });
  // Another source starts afresh: the last answer (an error, a report) was about the other one.
  const choose = (next: 'paste' | 'repository') => {
    setSource(next);
    evaluate.setError(null);
    setReport(null);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setContent(await file.text());
    if (/^[A-Za-z0-9._-]{1,255}$/.test(file.name)) setFilename(file.name);
  };
  if (!evaluable)
    return (
      <section aria-labelledby="try-api">
        <h2 id="try-api">Try on your API</h2>
        <p>
          This ruleset governs something other than an API specification (MCP servers or agents): the
          evaluation engine reads OpenAPI, RAML and AsyncAPI documents only, so it cannot be tried here.
        </p>
      </section>
    );
  return (
    <section aria-labelledby="try-api">
      <h2 id="try-api">Try on your API</h2>
      {!signedIn ? <p>Sign in to evaluate an API specification with this ruleset.</p> : null}
      <ActionForm runs={evaluate}>
        <RadioSet
          legend="Specification (OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0)"
          name="source"
          options={[
            ['paste', 'Paste or upload'],
            ['repository', 'From a repository'],
          ]}
          value={source}
          onChange={choose}
        />
        {source === 'paste' ? (
          <>
            <TextArea
              label="Document (JSON or YAML)"
              rows={12}
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
            <label>
              Upload a file{' '}
              <input
                type="file"
                accept=".yaml,.yml,.json,.raml"
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </label>
            <TextField label="File name" value={filename} onChange={(e) => setFilename(e.target.value)} />
          </>
        ) : (
          <>
            <TextField label="Repository URL" value={repoUrl} onChange={(e) => setRepoUrl(e.target.value)} />
            <TextField
              label="Main file"
              hint="From the repository root, e.g. spec/api.yaml"
              value={path}
              onChange={(e) => setPath(e.target.value)}
            />
          </>
        )}
        <SubmitButton runs={evaluate} busy="Evaluating…" disabled={!signedIn}>
          Evaluate
        </SubmitButton>
      </ActionForm>
      <ErrorMessage error={evaluate.error} />
      {report ? <EvaluationResults report={report.report} lines={report.lines} /> : null}
    </section>
  );
}

function EvaluationResults({ report, lines }: { report: Report; lines: string[] | null }) {
  const evaluation = report.evaluations[0];
  const byRule = new Map<string, Result[]>();
  for (const r of evaluation.results) byRule.set(r.rule, [...(byRule.get(r.rule) ?? []), r]);
  return (
    <div aria-live="polite">
      <p>
        <strong>{report.conforms ? 'Conforms' : 'Does not conform'}</strong> ({report.specification.format}):{' '}
        {severityCounts(report.counts)}
        {evaluation.truncated ? ' (the first results only)' : ''}
      </p>
      {[...byRule].map(([rule, results]) => (
        <details key={rule} open>
          <summary>
            <Badge tone={results[0].severity === 'violation' ? 'danger' : results[0].severity}>
              {results[0].severity}
            </Badge>{' '}
            <code>{rule}</code>: {results[0].message} ({results.length})
          </summary>
          <ul>
            {results.map((r, i) => (
              <li key={`${r.file}:${r.line}:${r.column}:${i}`}>
                <code>
                  {r.file ?? '?'}:{r.line ?? '?'}
                  {r.column ? `:${r.column}` : ''}
                </code>{' '}
                {r.modelPath ? <span className="meta">{r.modelPath}</span> : null}
                {lines && r.line && lines[r.line - 1] !== undefined ? (
                  <pre>
                    {r.line} | {lines[r.line - 1]}
                  </pre>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
