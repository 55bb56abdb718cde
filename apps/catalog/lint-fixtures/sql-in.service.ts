// Refused (no-restricted-syntax): SQL in a service file; it belongs in a repository, executor first.
export class SqlInService {
  constructor(private readonly db: { query(sql: string, params: unknown[]): Promise<unknown> }) {}

  likes(policyId: string): Promise<unknown> {
    return this.db.query(`SELECT count(*) FROM catalog.policy_likes WHERE policy_id = $1`, [policyId]);
  }
}
