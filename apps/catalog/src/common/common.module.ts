import { Module } from '@nestjs/common';
import { UsersDirectory } from './users.directory';

/** What every feature may use: who users are (asked of identity, cached per replica). */
@Module({ providers: [UsersDirectory], exports: [UsersDirectory] })
export class CommonModule {}
