import type { DelegatedAccess, GatewayPlatform } from '@pc/gateway-platform';
import type { DsseEnvelope, ProvenanceInput } from '@pc/platform';
import type { Registry } from '@pc/registry';
import type { SourceHost } from '@pc/source-host';
import type { DeploymentRow, JobRow } from '@pc/deployments-store';
import type { JobLog } from './job-log';

/** What every pipeline step is handed: the job, its deployment, its log and the job's own effects. */
export interface PipelineContext {
  job: JobRow;
  deployment: DeploymentRow;
  log: JobLog;
  access: DelegatedAccess;
  /** Records a step's result (a redelivered job skips completed steps). */
  save(step: string, result: unknown): Promise<void>;
  /** Throws `Cancelled` when the user cancelled. */
  checkpoint(step: string): Promise<void>;
  cancelled(): Promise<boolean>;
  progress(): void;
  /**
   * Signs the provenance of what the job is about to publish (the first signing key) and stores it, one
   * per deployment: a redelivery that rebuilt the same artifacts gets the stored envelope back.
   */
  attest(input: ProvenanceInput): Promise<DsseEnvelope>;
}

/** The external systems a pipeline reaches, one adapter each. */
export interface Adapters {
  sourceHost: SourceHost;
  registry: Registry;
  platform: GatewayPlatform;
}

/** A step's saved result, else runs the step and saves what it returns (a redelivered job skips what is done). */
export async function savedStep<T>(c: PipelineContext, step: string, run: () => Promise<T>): Promise<T> {
  await c.checkpoint(step);
  const saved = c.job.steps[step] as T | undefined;
  if (saved !== undefined) return saved;
  const result = await run();
  await c.save(step, result);
  return result;
}
