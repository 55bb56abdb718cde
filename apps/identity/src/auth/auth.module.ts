import { Module } from '@nestjs/common';
import { TokensModule } from '../tokens';
import { UsersModule } from '../users';
import { AuthHandler } from './auth.handler';
import { AuthService } from './auth.service';
import { SessionSweeper } from './session-sweeper';
import { SessionsRepository } from './sessions.repository';

/** Sign-up, sign-in, sessions, and turning a session or a token into a caller. */
@Module({
  imports: [UsersModule, TokensModule],
  controllers: [AuthHandler],
  providers: [SessionsRepository, AuthService, SessionSweeper],
})
export class AuthModule {}
