/**
 * Evaluation of an API specification against rulesets (AMF Validation Profile 1.0) with the AMF engines:
 * what crosses the bus between the gateway and the rulesets service, the limits, and the descriptor.
 */

export const EVALUATION_SEVERITIES = ['violation', 'warning', 'info'] as const;
export type EvaluationSeverity = (typeof EVALUATION_SEVERITIES)[number];

/**
 * The specification formats the engine evaluates (the `format` of a report, the parser's names): OpenAPI
 * 2.0, 3.0 and 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0. The parser does not read AsyncAPI 3.
 */
export const SPECIFICATION_FORMATS = [
  'OAS 2.0',
  'OAS 3.0',
  'OAS 3.1',
  'RAML 1.0',
  'ASYNC 2.0',
  'ASYNC 2.1',
  'ASYNC 2.2',
  'ASYNC 2.3',
  'ASYNC 2.4',
  'ASYNC 2.5',
  'ASYNC 2.6',
] as const;

/**
 * Every limit of evaluation, defined once: the gateway's DTOs (validators, the OpenAPI document) and
 * the rulesets service read them here.
 */
export const EVALUATION_LIMITS = {
  /** The specification's text (inline) or all its files together (from a repository), UTF-8 bytes: 413 over. */
  specificationBytes: 5 * 1024 * 1024,
  /**
   * The body of a request that carries a specification (JSON-escaped, and the rest): the gateway's body
   * limit on the evaluation routes and a governed API's registration, documents and evaluations (413
   * over); every other route keeps its 1 MiB.
   */
  requestBodyBytes: 8 * 1024 * 1024,
  /**
   * A specification whose JSON is larger than this does not cross the bus in the evaluation request: the
   * gateway sends it ahead in parts of at most this many JSON bytes (see docs/messaging.md), each well
   * under the bus's 1 MiB message limit.
   */
  uploadPartBytes: 512 * 1024,
  /** Parts of one uploaded specification (the most a 5 MiB document JSON-escaped can need). */
  uploadParts: { max: 64 },
  /**
   * Nodes that YAML aliases may add to a specification (all its files), each alias counted as the
   * nodes its anchor stands for: a few kilobytes of anchors nested in each other stand for millions of
   * nodes, which the engine would spend minutes on. 422 over, before any engine runs.
   */
  aliasedNodes: 5_000,
  /** Files of a specification read from a repository (the main file and what it may reference). */
  specificationFiles: 100,
  filename: { max: 255, pattern: '^[A-Za-z0-9._-]+$' },
  path: { max: 1024 },
  /** Rulesets one evaluation runs (the document is parsed once for all of them). */
  rulesets: { min: 1, max: 10 },
  /** Results returned per ruleset (the counts are always complete; `truncated` says when results are cut). */
  resultsPerRuleset: 500,
  /** Parser findings returned with a 422. */
  findings: 100,
  /** A message (engine text) is cut to this many characters. */
  message: 2000,
  /**
   * How long the gateway and the tool server wait for an evaluation (and for recording a governance
   * evaluation): 11 minutes, past one wait for a thread and one EVALUATION_TIMEOUT_MS (at most 300 s each)
   * with a minute left to read the specification.
   */
  evaluationWaitMs: 11 * 60_000,
  /**
   * How long the gateway waits for a listing's repository to be read and checked, a policy's or a
   * ruleset's: the validate route, the submission routes (which validate) and a pin.
   */
  validationWaitMs: 120_000,
  /**
   * The most a validation spends on the evaluator when EVALUATION_TIMEOUT_MS is longer: the engine's check
   * of its ruleset and its examples, waits for a thread included, run within one time limit counted from
   * the validation's start, so that its answer (what the limit left unchecked reported in a warning) comes
   * before the gateway stops waiting, with time left for the reads of the repository after it.
   */
  validationEvaluatorMs: 90_000,
} as const;

export const EVALUATION_FILENAME_PATTERN = new RegExp(EVALUATION_LIMITS.filename.pattern);

/** The specification: its text inline, or a repository on the source host and the path of its main file. */
export interface SpecificationInput {
  /** The document, JSON or YAML (RAML 1.0 too). */
  content?: string;
  /** Its file name as references and results see it (default `api.yaml`). */
  filename?: string;
  repoUrl?: string;
  /** Branch, tag or commit (default: the URL's ref, else the default branch). */
  ref?: string;
  /** The main file, from the repository root (or the folder of a `/tree/<ref>/<folder>` URL). */
  path?: string;
  /**
   * Between the gateway and the rulesets service only (never in the HTTP body): `content` sent ahead in
   * parts (`RulesetEvaluationRpc.uploadPart`) because it is too large for one bus message.
   */
  upload?: SpecificationUpload;
}

/**
 * A text sent ahead in parts (`RulesetEvaluationRpc.uploadPart`), named by the request that uses it: an
 * evaluation's specification, a governed API's pushed document.
 */
export interface SpecificationUpload {
  /** The id (a UUID the gateway chose) every part carries. */
  id: string;
  parts: number;
}

/** One part of a specification's text sent ahead of its evaluation (gateway to rulesets service). */
export interface SpecificationUploadPart {
  /** The upload's id (a UUID the gateway chose), the same in every part and in `specification.upload`. */
  id: string;
  /** 0-based. */
  index: number;
  text: string;
}

/** A community ruleset by id, or a ruleset of the vendor index by slug. */
export type EvaluatedRulesetRef = { id: string; slug?: never } | { slug: string; id?: never };

export interface EvaluateRequest {
  rulesets: EvaluatedRulesetRef[];
  specification: SpecificationInput;
}

export interface SeverityCounts {
  violation: number;
  warning: number;
  info: number;
}

export interface EvaluationResultItem {
  /** The rule (validation name in the profile). */
  rule: string;
  severity: EvaluationSeverity;
  message: string;
  /** The specification file the result points into (null when the engine gave no location). */
  file: string | null;
  /** 1-based line and column of the element in that file. */
  line: number | null;
  column: number | null;
  /**
   * Where in the specification's own terms: the JSON pointer of the element in `file`, in URI fragment
   * form (`#/paths/~1pets/post`); null without a location.
   */
  pointer: string | null;
  /** Where in the API model: each step `<property>[<name>]` from the API down to the element. */
  modelPath: string | null;
}

export interface RulesetEvaluation {
  ruleset: {
    source: 'community' | 'vendor';
    id: string | null;
    slug: string | null;
    name: string;
    profileName: string | null;
  };
  conforms: boolean;
  counts: SeverityCounts;
  results: EvaluationResultItem[];
  /** True when more results exist than were returned (see the limits). */
  truncated: boolean;
  /** Served from the cache (same document and ruleset digests), without running the engine. */
  cached: boolean;
}

export interface EvaluationReport {
  specification: {
    /** As the parser recognised it: `OAS 2.0`, `OAS 3.0`, `RAML 1.0`, `ASYNC 2.0`. */
    format: string;
    files: string[];
    /** sha256 of the specification's files (names and contents). */
    digest: string;
    /** Parsed in this request (false: its model came from the cache, or every ruleset did). */
    parsed: boolean;
  };
  /** True when every ruleset's report conforms. */
  conforms: boolean;
  counts: SeverityCounts;
  evaluations: RulesetEvaluation[];
  durationMs: number;
}

/** A parser finding: why a specification was refused (422 `findings`). */
export interface SpecificationFinding {
  severity: EvaluationSeverity;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
}
