/** An entry of the caller's inbox (`GET /api/me/notifications`). */
export interface Notification {
  id: string;
  kind:
    | 'idea_delivered'
    | 'webhook_disabled'
    | 'deployment_drifted'
    | 'governed_api_threshold_crossed'
    | 'waiver_expired';
  title: string;
  body: string;
  data: Record<string, unknown>;
  read: boolean;
  created_at: string;
}
