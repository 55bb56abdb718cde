import { Injectable } from '@nestjs/common';
import {
  CatalogRpc,
  IDEA_DESCRIPTION,
  IDEA_LIST_LIMIT,
  IDEA_LIST_OFFSET_MAX,
  IDEA_QUERY_MAX,
  IDEA_SORTS,
  IDEA_STATUSES,
  IDEA_TITLE,
  type Idea,
  LIST_CURSOR_MAX,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { z } from 'zod';
import { offsetThenCursor } from './cursor-page';
import { ideaSchema, id, page, text, toIdea } from './schemas';
import { READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const line = (i: Idea): string =>
  `- ${i.title} (${i.status}, ${i.votes} vote${i.votes === 1 ? '' : 's'}${i.voted ? ', voted' : ''}) id ${i.id}`;

/** Policy ideas: reached only through the tool server; they live in the catalog service. */
@Injectable()
export class IdeaTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    kit.define('list_ideas', {
      title: 'List policy ideas',
      description:
        'Lists policy ideas: what the community would like a policy for. Shows approved and delivered ' +
        'ideas, plus your own in any status (pending review, rejected). Filter by status, search words ' +
        'in the title and description, or only your own; sorted by votes (default) or newest. ' +
        'Answers one page and nextOffset for the next (null on the last page); past offset ' +
        `${IDEA_LIST_OFFSET_MAX}, nextCursor brings the next page, as cursor.`,
      scope: 'api:read',
      input: {
        status: z
          .enum(IDEA_STATUSES)
          .optional()
          .describe(
            'Only ideas in this status: pending (waiting for review), approved, rejected, delivered.',
          ),
        q: text(1, IDEA_QUERY_MAX)
          .optional()
          .describe('Words or a fragment found in the title or description.'),
        mine: z.boolean().optional().describe('Only ideas you submitted.'),
        sort: z
          .enum(IDEA_SORTS)
          .optional()
          .describe('votes: most votes first (default); newest: newest first.'),
        ...page(IDEA_LIST_LIMIT.max, IDEA_LIST_LIMIT.default, IDEA_LIST_OFFSET_MAX),
        cursor: text(1, LIST_CURSOR_MAX)
          .optional()
          .describe("The previous answer's nextCursor, with the same filters and sort (not with offset)."),
      },
      output: {
        ideas: z.array(ideaSchema),
        hasMore: z.boolean(),
        nextOffset: z.number().int().nullable(),
        nextCursor: z.string().nullable(),
      },
      annotations: READ_ONLY,
      run: async ({ offset, cursor, ...query }, ctx) => {
        offsetThenCursor.check(offset, cursor);
        const found = await this.bus.request(
          CatalogRpc.listIdeas,
          ctx,
          cursor === undefined ? { ...query, offset } : { ...query, cursor },
        );
        const { ideas, hasMore } = found;
        const { nextOffset, nextCursor, more } = offsetThenCursor.next(
          IDEA_LIST_OFFSET_MAX,
          { offset, cursor },
          { count: ideas.length, hasMore, nextCursor: found.nextCursor },
        );
        const head = ideas.length === 0 ? 'No ideas match.' : `${ideas.length} idea(s):`;
        return {
          data: { ideas: ideas.map(toIdea), hasMore, nextOffset, nextCursor },
          text: [head, ...ideas.map(line), ...more].join('\n'),
        };
      },
    });

    kit.define('get_idea', {
      title: 'Get a policy idea',
      description:
        'Gets one policy idea by id: title, description, status, votes and whether you voted. ' +
        'Pending and rejected ideas are visible only to their submitter.',
      scope: 'api:read',
      input: { id: id('idea', 'from list_ideas') },
      output: { idea: ideaSchema },
      annotations: READ_ONLY,
      run: async ({ id }, ctx) => {
        const { idea } = await this.bus.request(CatalogRpc.getIdea, ctx, { id });
        return { data: { idea: toIdea(idea) }, text: `${line(idea)}\n\n${idea.description}` };
      },
    });

    kit.define('submit_idea', {
      title: 'Submit a policy idea',
      description:
        'Submits an idea for a policy that does not exist yet, as you. It is not public at once: it ' +
        "waits (status pending) in the administrators' review queue; once approved others can see and " +
        'vote for it, and a policy submission can declare that it delivers it. Each call creates a new idea.',
      scope: 'api:write',
      budget: 'submission',
      input: {
        title: text(IDEA_TITLE.min, IDEA_TITLE.max).describe(
          `A short title, ${IDEA_TITLE.min} to ${IDEA_TITLE.max} characters.`,
        ),
        description: text(IDEA_DESCRIPTION.min, IDEA_DESCRIPTION.max).describe(
          `What the policy should do and why (Markdown), ${IDEA_DESCRIPTION.min} to ${IDEA_DESCRIPTION.max} characters.`,
        ),
      },
      output: { idea: ideaSchema },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
      run: async (args, ctx) => {
        const { idea } = await this.bus.request(CatalogRpc.submitIdea, ctx, args);
        return {
          data: { idea: toIdea(idea) },
          text: `Submitted "${idea.title}" (id ${idea.id}). It waits for administrator review before it is public.`,
        };
      },
    });

    kit.define('vote_idea', {
      title: 'Vote for a policy idea',
      description:
        'Casts your vote for an approved idea (vote: true, the default) or withdraws it (vote: false). ' +
        'Each user has one vote per idea: voting again, or withdrawing a vote you have not cast, changes ' +
        'nothing. Answers the idea with its vote count.',
      scope: 'api:write',
      budget: 'vote',
      input: {
        id: id('idea', 'from list_ideas (approved ideas take votes)'),
        vote: z.boolean().default(true).describe('true to vote (default), false to withdraw your vote.'),
      },
      output: { idea: ideaSchema },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
      run: async (args, ctx) => {
        const { idea } = await this.bus.request(CatalogRpc.voteIdea, ctx, args);
        const what = idea.voted ? 'You vote for' : 'You do not vote for';
        return {
          data: { idea: toIdea(idea) },
          text: `${what} "${idea.title}"; it has ${idea.votes} vote${idea.votes === 1 ? '' : 's'}.`,
        };
      },
    });
  }
}
