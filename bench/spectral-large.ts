// Large-specification bench (issue 41): a generated 5 MiB OpenAPI 3.1 document evaluated with a Spectral
// ruleset extending `spectral:oas` through the API of the system `npm start` runs (a child process, from
// the sources: the document crosses the gateway, the bus in parts, the rulesets service and an evaluator
// thread), beside Spectral's core run here on the same document with the same ruleset, in the same run,
// round after round; the figure is the ratio of the two.
//   node -r ./tools/register.js bench/spectral-large.ts [--rounds 2] [--bytes 5242880]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { oas } from '@stoplight/spectral-rulesets';
import { EVALUATION_LIMITS } from '@pc/contracts';
import { largeOpenApi31 } from '@pc/testing';
import { startSystem } from './harness';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const RULESET = 'description: The recommended OpenAPI rules.\nextends: [[spectral:oas, recommended]]\n';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Spectral's core on the document, as its own API runs it (no thread, no bus): results and time. */
async function core(doc: string): Promise<{ ms: number; results: number }> {
  const t = performance.now();
  const spectral = new Spectral({ resolver: new Resolver({ resolvers: {} }) });
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const results = await spectral.run(new Document(doc, Yaml, '/api/api.yaml'), { ignoreUnknownFormat: true });
  return { ms: performance.now() - t, results: results.length };
}

async function main(): Promise<void> {
  const rounds = arg('rounds', 2);
  const bytes = arg('bytes', EVALUATION_LIMITS.specificationBytes);
  // A title of its own per round: a new digest (no cache), the same work.
  const doc = (n: number) => largeOpenApi31(bytes).replace('title: Large', `title: Large ${n}`);
  await core(largeOpenApi31(64 * 1024)); // the library loaded and warm

  const system = await startSystem('spectral', { EVALUATION_TIMEOUT_MS: '300000' }); // not what is measured
  try {
    const { base } = system;
    const json = { 'content-type': 'application/json' };
    const cookie = await system.signUp();
    // Its owner evaluates it while it is under review: no approval needed.
    const rulesetId = await system.submitRuleset(cookie, {
      repo: `spectral-${process.pid}`,
      files: { '.spectral.yaml': RULESET },
      name: 'Bench OAS',
      description: 'spectral:oas',
    });
    const evaluate = async (n: number) => {
      const t = performance.now();
      const res = await fetch(`${base}/api/rulesets/${rulesetId}/evaluations`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ specification: { content: doc(n) } }),
      });
      if (res.status !== 200) throw new Error(`evaluation answered ${res.status}: ${await res.text()}`);
      const report = (await res.json()) as {
        durationMs: number;
        evaluations: Array<{ counts: { violation: number; warning: number; info: number } }>;
      };
      const c = report.evaluations[0].counts;
      return {
        ms: performance.now() - t,
        service: report.durationMs,
        results: c.violation + c.warning + c.info,
      };
    };
    await evaluate(-1); // the service's evaluator thread starts and loads Spectral
    const pairs: Array<{
      core: number;
      api: number;
      service: number;
      coreResults: number;
      apiResults: number;
    }> = [];
    for (let i = 0; i < rounds; i += 1) {
      const here = await core(doc(i));
      const there = await evaluate(i);
      pairs.push({
        core: here.ms,
        api: there.ms,
        service: there.service,
        coreResults: here.results,
        apiResults: there.results,
      });
    }
    console.log(
      JSON.stringify(
        {
          documentBytes: Buffer.byteLength(doc(0)),
          ruleset: 'extends: [[spectral:oas, recommended]]',
          coreMs: Math.round(median(pairs.map((p) => p.core))),
          apiMs: Math.round(median(pairs.map((p) => p.api))),
          apiOverCore: +median(pairs.map((p) => p.api / p.core)).toFixed(2),
          apiOverCoreRounds: pairs.map((p) => +(p.api / p.core).toFixed(2)).join(', '),
          serviceMsRounds: pairs.map((p) => p.service).join(', '),
          // The same findings both ways (the API counts them all, and returns the first 500).
          resultsCoreApi: pairs.map((p) => `${p.coreResults}/${p.apiResults}`).join(', '),
          loadAverage: os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' '),
        },
        null,
        2,
      ),
    );
  } finally {
    await system.stop();
  }
}

if (require.main === module) void main();
