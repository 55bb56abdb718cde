import type { ToolKit } from './tool-kit';

/** A feature's tools, registered on each request's server. */
export interface ToolSet {
  register(kit: ToolKit): void;
}

export const TOOL_SETS = Symbol('TOOL_SETS');
