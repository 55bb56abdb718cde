import { type ArgumentMetadata, BadRequestException } from '@nestjs/common';
import { WORKSPACE_LIMITS as L, WorkspaceSchemas } from '@pc/contracts';
import type { z } from 'zod';
import { createValidationPipe } from '../http/validation';
import { AddMemberDto, UpdateMemberDto } from './workspace-members.dto';
import { EnableShareDto, ShareConnectionDto, UnshareQuery } from './workspace-connections.dto';
import { CreateWorkspaceDto, RenameWorkspaceDto } from './workspaces.dto';

type Json = Record<string, unknown>;
const ID = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';

/**
 * What the gateway answers 400 to on the workspaces routes: each body goes through the gateway's own
 * validation pipe (the one `gateway.app.ts` installs for every route) with the route's DTO, and what the
 * pipe lets through goes, as the controller sends it, to the workspaces service's message schema
 * (`WorkspaceSchemas`), which another app on the bus meets too. The end-to-end file keeps one 400 per
 * route; the edges of every field are here.
 */
const pipe = createValidationPipe();

async function throughPipe(dto: new () => object, value: Json, type: ArgumentMetadata['type'] = 'body') {
  try {
    return (await pipe.transform(value, { type, metatype: dto })) as Json;
  } catch (error) {
    if (error instanceof BadRequestException) return null;
    throw error;
  }
}

/** 'accept' when the pipe and then the schema take it; '400' when the pipe refuses; 'schema' when only the schema does. */
async function outcome(
  dto: new () => object,
  schema: z.ZodType,
  body: Json,
  toMessage: (accepted: Json) => Json,
  type?: ArgumentMetadata['type'],
): Promise<'accept' | '400' | 'schema'> {
  const accepted = await throughPipe(dto, body, type);
  if (!accepted) return '400';
  return schema.safeParse(toMessage(accepted)).success ? 'accept' : 'schema';
}

describe('the workspaces routes refuse bad bodies with 400 (the gateway validation pipe and the service schema)', () => {
  const slugOfMax = `s${'x'.repeat(L.slugMax - 1)}`;

  it.each<[string, Json, 'accept' | '400']>([
    ['a plain name', { name: 'Platform team' }, 'accept'],
    [
      `a name of ${L.nameMax} and a slug of ${L.slugMax} characters`,
      { name: 'n'.repeat(L.nameMax), slug: slugOfMax },
      'accept',
    ],
    ['a name of 1 character', { name: 'x' }, '400'],
    [`a name over ${L.nameMax} characters`, { name: 'x'.repeat(L.nameMax + 1) }, '400'],
    ['a null name', { name: null }, '400'],
    ['a name of spaces only', { name: '    ' }, '400'],
    ['a numeric name', { name: 42 }, '400'],
    ['no name', {}, '400'],
    ['a slug of 1 character', { name: 'Ok', slug: 'a' }, '400'],
    [`a slug over ${L.slugMax} characters`, { name: 'Ok', slug: 'a'.repeat(L.slugMax + 1) }, '400'],
    ['a slug with capitals', { name: 'Ok', slug: 'Team' }, '400'],
    ['a slug ending in a hyphen', { name: 'Ok', slug: 'team-' }, '400'],
  ])('create with %s', async (_what, body, expected) => {
    expect(await outcome(CreateWorkspaceDto, WorkspaceSchemas.create, body, (m) => m)).toBe(expected);
  });

  // The reserved `personal-` prefix passes both (it is a well-formed slug): the service refuses it with
  // BAD_REQUEST (apps/workspaces/src/workspaces/workspaces.integration-spec.ts), which the gateway answers 400.

  it.each<[string, Json, 'accept' | '400']>([
    ['a name of 2 characters', { name: 'ab' }, 'accept'],
    [`a name of ${L.nameMax} characters, trimmed`, { name: ` ${'n'.repeat(L.nameMax)} ` }, 'accept'],
    ['a name of 1 character', { name: 'n' }, '400'],
    ['a null name', { name: null }, '400'],
  ])('rename with %s', async (_what, body, expected) => {
    expect(await outcome(RenameWorkspaceDto, WorkspaceSchemas.rename, body, (m) => ({ id: ID, ...m }))).toBe(
      expected,
    );
  });

  it.each<[string, Json, 'accept' | '400' | 'schema']>([
    ['a username', { username: 'ada', role: 'member' }, 'accept'],
    ['a username with @ in capitals', { username: '@ADA', role: 'admin' }, 'accept'],
    ['an email in capitals', { email: 'ADA@EXAMPLE.COM', role: 'member' }, 'accept'],
    ['the owner role', { username: 'someone', role: 'owner' }, '400'],
    ['no role', { username: 'someone' }, '400'],
    ['neither username nor email', { role: 'member' }, '400'],
    // The pipe lets both through; the service's schema refuses them (BUS.MESSAGE_INVALID, a 400).
    [
      'both username and email',
      { username: 'someone', email: 'someone@example.com', role: 'member' },
      'schema',
    ],
    ['a malformed email', { email: 'not-an-email', role: 'member' }, '400'],
    ['an oversized email', { email: `${'e'.repeat(L.emailMax)}@example.com`, role: 'member' }, '400'],
    ['an oversized username', { username: 'u'.repeat(L.usernameMax + 1), role: 'member' }, '400'],
    ['a null username', { username: null, role: 'member' }, '400'],
  ])('add a member with %s', async (_what, body, expected) => {
    expect(await outcome(AddMemberDto, WorkspaceSchemas.addMember, body, (m) => ({ id: ID, ...m }))).toBe(
      expected,
    );
  });

  it('refuses in the service schema too what the pipe refuses for the one-of rule and the roles', () => {
    for (const body of [
      { id: ID, role: 'member' },
      { id: ID, username: 'someone', email: 'someone@example.com', role: 'member' },
      { id: ID, username: 'someone', role: 'owner' },
      { id: ID, username: 'u'.repeat(L.usernameMax + 1), role: 'member' },
      { id: ID, email: `${'e'.repeat(L.emailMax)}@example.com`, role: 'member' },
    ])
      expect(WorkspaceSchemas.addMember.safeParse(body).success).toBe(false);
  });

  it.each<[string, Json, 'accept' | '400' | 'schema']>([
    ['a role', { role: 'admin' }, 'accept'],
    ['disabled: false', { disabled: false }, 'accept'],
    ['disabled: true', { disabled: true }, '400'],
    ['the owner role', { role: 'owner' }, '400'],
    ['a null role', { role: null }, '400'],
    // The pipe lets an empty body through; the service's schema refuses it (BUS.MESSAGE_INVALID, a 400).
    ['nothing to change', {}, 'schema'],
  ])('change a member with %s', async (_what, body, expected) => {
    expect(
      await outcome(UpdateMemberDto, WorkspaceSchemas.updateMember, body, (m) => ({
        id: ID,
        userId: ID,
        ...m,
      })),
    ).toBe(expected);
  });

  it.each<[string, Json, 'accept' | '400', new () => object, ArgumentMetadata['type']]>([
    ['share a connection', { connection_id: ID }, 'accept', ShareConnectionDto, 'body'],
    [
      'share a connection id that is not a UUID',
      { connection_id: 'nope' },
      '400',
      ShareConnectionDto,
      'body',
    ],
    ['share nothing', {}, '400', ShareConnectionDto, 'body'],
    ['re-enable a share', { connection_id: ID, disabled: false }, 'accept', EnableShareDto, 'body'],
    ['disable a share with PATCH', { connection_id: ID, disabled: true }, '400', EnableShareDto, 'body'],
    ['unshare without connection_id', {}, '400', UnshareQuery, 'query'],
    ['unshare a connection_id that is not a UUID', { connection_id: 'nope' }, '400', UnshareQuery, 'query'],
  ])('%s', async (_what, body, expected, dto, type) => {
    expect(
      await outcome(
        dto,
        WorkspaceSchemas.share,
        body,
        (m) => ({ id: ID, connectionId: m.connection_id }),
        type,
      ),
    ).toBe(expected);
  });
});
