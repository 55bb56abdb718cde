import { Injectable } from '@nestjs/common';
import {
  type Connection,
  CONNECTION_HOSTS,
  CONNECTION_LIMITS,
  ConnectionsRpc,
  type Organization,
  WORKSPACE_LIMITS,
  WORKSPACE_ROLES,
  type WorkspaceConnection,
  type WorkspaceMembership,
  WorkspacesRpc,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { z } from 'zod';
import { TOOL_PAGE } from './catalog-inputs';
import { id, page, WORKSPACE_FROM } from './schemas';
import { READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(WORKSPACE_ROLES).describe('Yours there: owner, admin or member.'),
  is_personal: z.boolean(),
  archived: z.boolean().describe('Archived: read-only, no deployments until its owner unarchives it.'),
});
const toWorkspace = ({ workspace, role }: WorkspaceMembership): z.infer<typeof workspaceSchema> => ({
  id: workspace.id,
  name: workspace.name,
  slug: workspace.slug,
  role,
  is_personal: workspace.is_personal,
  archived: workspace.archived_at !== null,
});

/** A connection without its credentials (client id and secret): what an assistant needs to deploy with it. */
const connectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z.enum(CONNECTION_HOSTS),
  owned: z.boolean().describe('Yours; otherwise shared into the workspace by its owner.'),
  organization_id: z
    .string()
    .nullable()
    .describe('The platform organization it was made for (null: not yours, its settings are hidden).'),
  validation_error: z
    .string()
    .nullable()
    .describe('What went wrong when its credentials were last checked (null: nothing, or not yours).'),
});
type ConnectionJson = z.infer<typeof connectionSchema>;
const toOwnConnection = (connection: Connection): ConnectionJson => ({
  id: connection.id,
  name: connection.name,
  host: connection.host,
  owned: true,
  organization_id: connection.organization_id,
  validation_error: connection.validation_error,
});
const toSharedConnection = (share: WorkspaceConnection): ConnectionJson => ({
  id: share.id,
  name: share.name,
  host: share.host,
  owned: false,
  organization_id: null,
  validation_error: null,
});

/** An organization of a connection's tree on the platform: its id is what plan_deployment targets. */
const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  full_path: z.string().describe('Names from the root of the tree: Root / Team / Sub.'),
  is_primary: z.boolean().describe("The connection's own organization (the one it was made for)."),
});
type OrganizationJson = z.infer<typeof organizationSchema>;
const toOrganization = (org: Organization): OrganizationJson => ({
  id: org.id,
  name: org.name,
  full_path: org.fullPath,
  is_primary: org.isPrimary,
});

const pageOutput = {
  hasMore: z.boolean(),
  nextOffset: z.number().int().nullable().describe('The offset of the next page (null: none).'),
};

/** One page of a list the service answers whole (it is bounded), as the offset-paged tools answer it. */
function slice<T>(all: T[], { limit, offset }: { limit: number; offset: number }) {
  const items = all.slice(offset, offset + limit);
  const hasMore = offset + items.length < all.length;
  const nextOffset = hasMore ? offset + items.length : null;
  return { items, hasMore, nextOffset, more: nextOffset === null ? [] : [`More: offset ${nextOffset}.`] };
}

/**
 * Where the caller may deploy: their workspaces (GET /api/workspaces), the connections they may use
 * (GET /api/connections, and a workspace's shared ones from GET /api/workspaces/{id}) and the
 * organizations a connection reaches (GET /api/connections/{id}/orgs), read-only and without
 * credentials: the ids `plan_deployment` and `list_governed_apis` take.
 */
@Injectable()
export class WorkspaceTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    kit.define('list_workspaces', {
      title: 'List my workspaces',
      description:
        'Lists the workspaces you are an active member of, your personal one first, with your role ' +
        '(owner, admin or member) and whether each is archived: their ids are what plan_deployment, ' +
        'list_connections and list_governed_apis take as workspace_id. Answers one page and nextOffset ' +
        'for the next (null on the last page).',
      scope: 'api:read',
      input: page(TOOL_PAGE.max, TOOL_PAGE.default, WORKSPACE_LIMITS.membershipsListedMax),
      output: { workspaces: z.array(workspaceSchema), ...pageOutput },
      annotations: READ_ONLY,
      run: async (args, ctx) => {
        const { memberships } = await this.bus.request(WorkspacesRpc.list, ctx, {});
        const { items, hasMore, nextOffset, more } = slice(memberships.map(toWorkspace), args);
        const line = (w: z.infer<typeof workspaceSchema>): string =>
          `- ${w.name} (${[w.slug, `you are ${w.role}`, ...(w.is_personal ? ['personal'] : []), ...(w.archived ? ['archived'] : [])].join('; ')}) id ${w.id}`;
        return {
          data: { workspaces: items, hasMore, nextOffset },
          text: [`${memberships.length} workspace(s):`, ...items.map(line), ...more].join('\n'),
        };
      },
    });

    kit.define('list_connections', {
      title: 'List the platform connections I may deploy with',
      description:
        'Lists your platform connections (name, host, the organization each was made for, what went ' +
        'wrong at its last credential check); with workspace_id, the ones you may deploy with in that ' +
        'workspace: yours and those actively shared into it. Never credentials. Their ids are what ' +
        'plan_deployment takes as connection_id. Answers one page and nextOffset for the next (null on ' +
        'the last page).',
      scope: 'api:read',
      input: {
        workspace_id: id('workspace', WORKSPACE_FROM)
          .optional()
          .describe(
            'A workspace you belong to (from list_workspaces): also list the connections shared into it.',
          ),
        ...page(TOOL_PAGE.max, TOOL_PAGE.default, CONNECTION_LIMITS.perOwner + WORKSPACE_LIMITS.sharesMax),
      },
      output: { connections: z.array(connectionSchema), ...pageOutput },
      annotations: READ_ONLY,
      run: async ({ workspace_id, ...range }, ctx) => {
        const [{ connections: own }, shared] = await Promise.all([
          this.bus.request(ConnectionsRpc.list, ctx, {}),
          workspace_id === undefined
            ? Promise.resolve([])
            : this.bus
                .request(WorkspacesRpc.get, ctx, { id: workspace_id })
                .then(({ workspace }) => workspace.connections),
        ]);
        // Usable in the workspace: the caller's own, or actively shared into it (as a deployment checks).
        const others = shared.filter((share) => !share.is_owner && share.disabled_at === null);
        const all = [...own.map(toOwnConnection), ...others.map(toSharedConnection)];
        const { items, hasMore, nextOffset, more } = slice(all, range);
        const line = (c: ConnectionJson): string =>
          `- ${c.name} (${[c.host, c.owned ? 'yours' : 'shared into the workspace', ...(c.validation_error ? [`last check: ${c.validation_error}`] : [])].join('; ')}) id ${c.id}`;
        const none =
          workspace_id === undefined
            ? 'You have no connections (create one in the dashboard or with POST /api/connections).'
            : 'No connection is usable in this workspace: none of yours, none shared into it.';
        return {
          data: { connections: items, hasMore, nextOffset },
          text:
            all.length === 0
              ? none
              : [`${all.length} connection(s):`, ...items.map(line), ...more].join('\n'),
        };
      },
    });
    kit.define('list_connection_organizations', {
      title: "List a connection's organizations",
      description:
        'Lists the platform organizations a connection reaches (its tree, root first, with full paths; ' +
        "the connection's own marked is_primary): their ids are what plan_deployment takes as " +
        'target_organization_ids. For a connection of yours or one shared into a workspace you belong ' +
        'to; never credentials. It reads the platform. Answers one page and nextOffset for the next ' +
        '(null on the last page); truncated when the tree has more organizations than are listed.',
      scope: 'api:read',
      input: {
        connection_id: id('platform connection', 'from list_connections'),
        ...page(TOOL_PAGE.max, TOOL_PAGE.default, CONNECTION_LIMITS.orgsMax),
      },
      output: {
        organizations: z.array(organizationSchema),
        truncated: z
          .boolean()
          .describe(`The tree has more organizations than the ${CONNECTION_LIMITS.orgsMax} listed.`),
        ...pageOutput,
      },
      annotations: { ...READ_ONLY, openWorldHint: true },
      run: async ({ connection_id, ...range }, ctx) => {
        // Waited for as GET /api/connections/{id}/orgs waits: past its read of the platform's tree.
        const { orgs, truncated } = await this.bus.request(
          ConnectionsRpc.listOrgs,
          ctx,
          { id: connection_id },
          { timeoutMs: CONNECTION_LIMITS.credentialCheckWaitMs },
        );
        const { items, hasMore, nextOffset, more } = slice(orgs.map(toOrganization), range);
        const line = (o: OrganizationJson): string =>
          `- ${o.full_path}${o.is_primary ? " (the connection's own)" : ''} id ${o.id}`;
        const cut = truncated ? ' (its tree has more: only these are listed)' : '';
        return {
          data: { organizations: items, truncated, hasMore, nextOffset },
          text: [
            `${orgs.length} organization(s) the connection reaches${cut}:`,
            ...items.map(line),
            ...more,
          ].join('\n'),
        };
      },
    });
  }
}
