/** The parts of Slack's Events API and interactivity payloads the service reads. */

/** A message event (`app_mention`, or `message` in a DM or a thread). */
export interface SlackMessageEvent {
  type: string;
  subtype?: string;
  channel_type?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  ts?: string;
  thread_ts?: string;
  channel?: string;
}

/** The body of a request to the events URL. */
export interface SlackEventsPayload {
  /** `url_verification` (with `challenge`) or `event_callback` (with `event`). */
  type: string;
  challenge?: string;
  team_id?: string;
  event_id?: string;
  event?: SlackMessageEvent;
}

/** A `block_actions` payload (a button of ours pressed). */
export interface SlackBlockActions {
  type: 'block_actions';
  team?: { id: string };
  user?: { id: string };
  channel?: { id: string };
  message?: { ts?: string; thread_ts?: string };
  container?: { channel_id?: string; message_ts?: string; thread_ts?: string };
  actions?: { action_id?: string; value?: string }[];
}
