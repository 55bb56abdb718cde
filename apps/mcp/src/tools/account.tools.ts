import { Injectable } from '@nestjs/common';
import { CatalogRpc, IdentityRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { z } from 'zod';
import { cursorPage } from './cursor-page';
import { notificationSchema, submissionSchema, toNotification, toSubmission } from './schemas';
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

    const notificationsPage = cursorPage({ next: 'older notifications', more: 'Older ones' });
    kit.define('list_my_notifications', {
      title: 'List my notifications',
      description:
        'Lists your notifications, newest first: for example that an idea you submitted was delivered ' +
        'by a published policy. Answers one page and nextCursor for older ones (null on the last page).',
      scope: 'api:read',
      input: notificationsPage.input,
      output: { notifications: z.array(notificationSchema), ...notificationsPage.output },
      annotations: READ_ONLY,
      run: async (args, ctx) => {
        const found = await this.bus.request(
          IdentityRpc.listNotifications,
          ctx,
          notificationsPage.request(args),
        );
        return {
          data: {
            notifications: found.notifications.map(toNotification),
            ...notificationsPage.answer(found),
          },
          text: notificationsPage.text(
            found.notifications.map((n) => `- ${n.title}: ${n.body}`),
            found,
            'No notifications.',
          ),
        };
      },
    });
  }
}
