import { Module } from '@nestjs/common';
import { AdminBootstrap } from './admin.bootstrap';
import { UsersHandler } from './users.handler';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Accounts and profiles (and the first administrator); auth reaches accounts through UsersService. */
@Module({
  controllers: [UsersHandler],
  providers: [UsersRepository, UsersService, AdminBootstrap],
  exports: [UsersService],
})
export class UsersModule {}
