import { Injectable } from '@nestjs/common';
import type { PlatformConnection } from '@pc/gateway-platform';
import { DomainError } from '@pc/platform';
import { type SealedSecret, SecretBox, SecretUnavailableError } from './secret-box';

/** The columns of a stored connection that its credentials are made of (a connection row has them). */
export interface SealedCredentials {
  id: string;
  host: PlatformConnection['host'];
  custom_domain: string | null;
  client_id: string;
  secret_key_id: SealedSecret['keyId'] | null;
  secret_ciphertext: SealedSecret['ciphertext'] | null;
}

/** Opens a stored connection's secret for a platform call; it never leaves this service. */
@Injectable()
export class StoredCredentials {
  constructor(private readonly box: SecretBox) {}

  of(row: SealedCredentials): PlatformConnection {
    if (row.secret_key_id === null || row.secret_ciphertext === null) {
      throw new DomainError(
        'CONNECTIONS.SECRET_UNAVAILABLE',
        'This connection has no stored client secret: enter the credentials again',
      );
    }
    try {
      return {
        host: row.host,
        customDomain: row.custom_domain,
        clientId: row.client_id,
        clientSecret: this.box.open(row.id, { keyId: row.secret_key_id, ciphertext: row.secret_ciphertext }),
      };
    } catch (error) {
      if (error instanceof SecretUnavailableError) {
        throw new DomainError(
          'CONNECTIONS.SECRET_UNAVAILABLE',
          'The stored client secret cannot be decrypted with the configured keys: enter the credentials again',
        );
      }
      throw error;
    }
  }
}
