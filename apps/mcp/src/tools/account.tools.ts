import { Injectable } from '@nestjs/common';
import { CatalogRpc, IdentityRpc, LIST_CURSOR_MAX } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { z } from 'zod';
import { TOOL_PAGE } from './catalog-inputs';
import { notificationSchema, page, submissionSchema, text, toNotification, toSubmission } from './schemas';
import { defineMySubmissionsTool } from './listing-tools';
import { READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

/** What the caller has going on: their submissions under review and their inbox. */
@Injectable()
export class AccountTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    defineMySubmissionsTool(kit, 'list_my_submissions', {
      title: 'List my policy submissions',
      description:
        'Lists the policies you submitted for review, newest first, with their status (submitted: ' +
        "waiting for review; approved: published; rejected: sent back, with the reviewer's feedback).",
      schema: submissionSchema,
      list: async (ctx, page) => {
        const { submissions, hasMore, nextCursor } = await this.bus.request(
          CatalogRpc.listSubmissions,
          ctx,
          page,
        );
        return { submissions, hasMore, nextCursor };
      },
      toJson: toSubmission,
      feedback: (submission) => submission.feedback,
      none: 'You have no submissions.',
    });

    kit.define('list_my_notifications', {
      title: 'List my notifications',
      description:
        'Lists your notifications, newest first: for example that an idea you submitted was delivered ' +
        'by a published policy. Answers one page and nextCursor for older ones (null on the last page).',
      scope: 'api:read',
      input: {
        limit: page(TOOL_PAGE.max, TOOL_PAGE.default, 0).limit,
        cursor: text(1, LIST_CURSOR_MAX)
          .optional()
          .describe("The previous answer's nextCursor, to get older notifications."),
      },
      output: {
        notifications: z.array(notificationSchema),
        hasMore: z.boolean(),
        nextCursor: z.string().nullable(),
      },
      annotations: READ_ONLY,
      run: async ({ limit, cursor }, ctx) => {
        const { notifications, hasMore, nextCursor } = await this.bus.request(
          IdentityRpc.listNotifications,
          ctx,
          { limit, ...(cursor === undefined ? {} : { cursor }) },
        );
        const lines = notifications.map((n) => `- ${n.title}: ${n.body}`);
        const more = hasMore && nextCursor !== null ? [`Older ones: cursor ${nextCursor}.`] : [];
        return {
          data: {
            notifications: notifications.map(toNotification),
            hasMore,
            nextCursor: hasMore ? nextCursor : null,
          },
          text:
            lines.length === 0 && more.length === 0 ? 'No notifications.' : [...lines, ...more].join('\n'),
        };
      },
    });
  }
}
