// Large-specification bench (issue 41): a generated 5 MiB OpenAPI 3.1 document evaluated with a Spectral
// ruleset extending `spectral:oas` through the API of the system `npm start` runs (a child process, from
// the sources: the document crosses the gateway, the bus in parts, the rulesets service and an evaluator
// thread), beside Spectral's core run here on the same document with the same ruleset, in the same run,
// round after round; the figure is the ratio of the two.
//   node -r ./tools/register.js bench/spectral-large.ts [--rounds 2] [--bytes 5242880] [--only api|locations]
// Then, in this process, the cost of locating each finding (issue 41's 30 s): the findings of documents of
// half the size and of the size, located by Spectral's own lookup and by the engine's indexed one
// (spectral-locations.ts), YAML and JSON; per finding, the larger document against the smaller (about 1
// when the cost per finding does not grow with their number, about 2 when it grows with it).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { type IParser, Json, Yaml } from '@stoplight/spectral-parsers';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { oas } from '@stoplight/spectral-rulesets';
import { EVALUATION_LIMITS } from '@pc/contracts';
import { indexedJson, indexedYaml } from '@pc/rulesets';
import { largeOpenApi31 } from '@pc/testing';
import { parse } from 'yaml';
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

type Path = Array<string | number>;

/** Spectral's parser of YAML or JSON, with its own lookup or the engine's indexed one. */
function parserOf(json: boolean, indexed: boolean): IParser {
  if (json) return (indexed ? indexedJson(Json) : Json) as unknown as IParser;
  return (indexed ? indexedYaml(Yaml) : Yaml) as unknown as IParser;
}

/**
 * A run of Spectral's core on the document with Spectral's lookup or the indexed one: the JSON paths it
 * locates for the findings, and the run's CPU in milliseconds (this process's, parse included).
 */
async function spectralRun(
  doc: string,
  json: boolean,
  indexed: boolean,
): Promise<{ paths: Path[]; cpuMs: number }> {
  const paths: Path[] = [];
  const base = parserOf(json, indexed);
  const recording: IParser = {
    ...base,
    getLocationForJsonPath: (result, path, closest) => {
      paths.push([...path]);
      return base.getLocationForJsonPath(result, path, closest);
    },
  };
  const spectral = new Spectral({ resolver: new Resolver({ resolvers: {} }) });
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const before = process.cpuUsage();
  await spectral.run(new Document(doc, recording, json ? '/api/api.json' : '/api/api.yaml'), {
    ignoreUnknownFormat: true,
  });
  const used = process.cpuUsage(before);
  return { paths, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Milliseconds of CPU (this process's, garbage collection included) to locate every path on a fresh parse
 * (the index built within), the least of `rounds`: a busy machine adds to it, never takes away.
 */
function locate(doc: string, paths: Path[], lookup: IParser, rounds: number): number {
  let best = Infinity;
  for (let i = 0; i < rounds; i += 1) {
    const result = lookup.parse(doc);
    const before = process.cpuUsage();
    for (const path of paths) lookup.getLocationForJsonPath(result, path, true);
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/** Location CPU per finding at N findings (half the size) and about 2N (the size): library and indexed. */
async function locations(bytes: number, rounds: number): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  for (const json of [false, true]) {
    const kind = json ? 'json' : 'yaml';
    const docOf = (b: number) =>
      json ? JSON.stringify(parse(largeOpenApi31(b)), null, 2) : largeOpenApi31(b);
    const sizes = [Math.floor(bytes / 2), bytes].map((b) => docOf(b));
    const perFinding: Record<'library' | 'indexed', number[]> = { library: [], indexed: [] };
    const runs: Record<'library' | 'indexed', number[]> = { library: [], indexed: [] };
    const counts: number[] = [];
    for (const doc of sizes) {
      const { paths, cpuMs } = await spectralRun(doc, json, true);
      runs.indexed.push(cpuMs);
      runs.library.push((await spectralRun(doc, json, false)).cpuMs);
      counts.push(paths.length);
      const library = locate(doc, paths, parserOf(json, false), rounds);
      const indexed = locate(doc, paths, parserOf(json, true), rounds);
      perFinding.library.push((library * 1000) / paths.length);
      perFinding.indexed.push((indexed * 1000) / paths.length);
    }
    const ratio = (xs: number[]) => +(xs[1] / xs[0]).toFixed(2);
    figures[kind] = {
      findings: counts.join(' / '),
      libraryMicrosecondsPerFinding: perFinding.library.map((x) => Math.round(x)).join(' / '),
      indexedMicrosecondsPerFinding: perFinding.indexed.map((x) => +x.toFixed(1)).join(' / '),
      // Per finding, 2N against N: ~1 linear, ~2 quadratic.
      libraryPerFinding2NOverN: ratio(perFinding.library),
      indexedPerFinding2NOverN: ratio(perFinding.indexed),
      libraryOverIndexedAt2N: +(perFinding.library[1] / perFinding.indexed[1]).toFixed(1),
      // The whole run of Spectral's core (one each), N then 2N: CPU seconds with each lookup.
      runCpuSecondsLibrary: runs.library.map((x) => (x / 1000).toFixed(1)).join(' / '),
      runCpuSecondsIndexed: runs.indexed.map((x) => (x / 1000).toFixed(1)).join(' / '),
    };
  }
  return figures;
}

async function main(): Promise<void> {
  const rounds = arg('rounds', 2);
  const bytes = arg('bytes', EVALUATION_LIMITS.specificationBytes);
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
  if (only !== 'locations') await api(rounds, bytes);
  if (only !== 'api') {
    console.log(
      JSON.stringify(
        {
          documentBytes: `${Math.floor(bytes / 2)} / ${bytes}`,
          locations: await locations(bytes, rounds),
          loadAverage: os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' '),
        },
        null,
        2,
      ),
    );
  }
}

/** Through the API of the system, beside Spectral's core in this process. */
async function api(rounds: number, bytes: number): Promise<void> {
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
