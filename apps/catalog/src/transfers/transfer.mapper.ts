import type { Transfer, UserSummary } from '@pc/contracts';
import type { TransferRow } from './transfers.repository';

/**
 * As seen by `viewerId`: the counterparty is the other side; an open offer past its expiry shows `expired`.
 * The recipient sees who offers (name and email); the initiator sees the recipient's email only when they
 * named the recipient by it, never an address they did not already know.
 */
export function toTransfer(
  row: TransferRow,
  viewerId: string,
  counterparty: UserSummary | undefined,
): Transfer {
  const isPolicy = row.resource_type === 'policy';
  const expired = row.status === 'pending' && row.expires_at.getTime() <= Date.now();
  const recipient = row.to_user_id === viewerId;
  const showEmail = recipient || row.recipient_key === 'email';
  return {
    id: row.id,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    resource_name: row.resource_name,
    policy_id: isPolicy ? row.resource_id : null,
    policy_name: isPolicy ? row.resource_name : null,
    status: expired ? 'expired' : row.status,
    feedback: row.feedback,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
    counterparty_name: counterparty?.name ?? null,
    counterparty_email: showEmail ? (counterparty?.email ?? null) : null,
    role: recipient ? 'recipient' : 'initiator',
  };
}
